package io.mink.spark.submit;

import java.security.CodeSource;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * A Spark application that uses Spark's API alone: it runs each argument as a SQL statement and prints each row
 * of its result as {@code row: v1|v2|...}, after a {@code catalog: } line naming the jar Mink's catalog plugin was
 * loaded from. {@code SparkSubmitIT} packages this class in an application jar of its own and submits it with
 * Mink's runtime jar in {@code --jars}.
 */
public final class SqlLines {
  private SqlLines() {}

  public static void main(String[] statements) throws ClassNotFoundException {
    SparkSession spark = SparkSession.builder().getOrCreate();
    try {
      ClassLoader loader = Thread.currentThread().getContextClassLoader();
      CodeSource source = Class.forName("io.mink.spark.MinkCatalog", false, loader)
          .getProtectionDomain()
          .getCodeSource();
      System.out.println("catalog: " + (source == null ? "unknown" : source.getLocation()));
      for (String statement : statements) {
        for (Row row : spark.sql(statement).collectAsList()) {
          System.out.println("row: " + row.mkString("|"));
        }
      }
    } finally {
      spark.stop();
    }
  }
}
