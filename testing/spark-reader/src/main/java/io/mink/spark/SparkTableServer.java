package io.mink.spark;

import static java.nio.charset.StandardCharsets.UTF_8;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.util.Arrays;
import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * A local Spark with Iceberg's Spark runtime that reads tables for tests, in a process of its own
 * because Spark's Iceberg runtime cannot share a classpath with Iceberg core.
 *
 * <p>Arguments name the catalog (see {@link ServerArguments#USAGE}). When Spark is up it prints
 * {@code READY}, then answers one request per line on standard input:
 * <ul>
 *   <li>{@code READ <namespace>.<table>}: every row as one JSON object per line, ordered by Kafka
 *       partition and offset when the table has those columns, then {@code END <rows>};
 *   <li>{@code SCHEMA <namespace>.<table>}: Spark's schema as JSON on one line, then {@code END 0};
 *   <li>{@code SQL <statement>}: runs one Spark SQL statement, written on one line, and answers its rows as
 *       {@code READ} does, in the order the statement gives them, then {@code END <rows>};
 *   <li>{@code QUIT}, or the end of input: stops.
 * </ul>
 * A request that fails answers {@code ERROR <message>} and the server goes on. The namespace is one
 * level; the table name is everything after its first dot. Standard output carries only this
 * protocol: logs go to standard error.
 */
public final class SparkTableServer {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final List<String> ORDER_COLUMNS = List.of("_kafka_partition", "_kafka_offset");

  private final SparkSession spark;
  private final String catalogName;
  private final PrintStream out;

  private SparkTableServer(SparkSession spark, String catalogName, PrintStream out) {
    this.spark = spark;
    this.catalogName = catalogName;
    this.out = out;
  }

  public static void main(String[] args) {
    PrintStream protocol = new PrintStream(new FileOutputStream(FileDescriptor.out), false, UTF_8);
    System.setOut(System.err);
    int status;
    try {
      ServerArguments arguments = ServerArguments.parse(Arrays.asList(args));
      SparkSession spark = LocalSpark.start(arguments);
      SparkTableServer server = new SparkTableServer(spark, arguments.catalogName(), protocol);
      try {
        server.checkCatalog();
        protocol.println("READY");
        protocol.flush();
        server.serve(new BufferedReader(new InputStreamReader(System.in, UTF_8)));
      } finally {
        spark.stop();
      }
      status = 0;
    } catch (Exception e) {
      e.printStackTrace();
      protocol.println("ERROR " + oneLine(e));
      protocol.flush();
      status = 1;
    }
    System.exit(status);
  }

  private void checkCatalog() {
    spark.sql("SHOW NAMESPACES IN " + quote(catalogName)).collectAsList();
  }

  private void serve(BufferedReader requests) throws IOException {
    String line;
    while ((line = requests.readLine()) != null) {
      String request = line.strip();
      if (request.equals("QUIT")) {
        return;
      }
      if (!request.isEmpty()) {
        answer(request);
      }
    }
  }

  private void answer(String request) {
    int space = request.indexOf(' ');
    String command = space < 0 ? request : request.substring(0, space);
    String argument = space < 0 ? "" : request.substring(space + 1).strip();
    try {
      switch (command) {
        case "READ" -> read(argument);
        case "SCHEMA" -> schema(argument);
        case "SQL" -> sql(argument);
        default ->
          throw new IllegalArgumentException(
              "Unknown request '" + command
                  + "': use READ <namespace>.<table>, SCHEMA <namespace>.<table>, SQL <statement> or QUIT");
      }
    } catch (Exception e) {
      e.printStackTrace();
      out.println("ERROR " + oneLine(e));
    }
    out.flush();
  }

  private void read(String table) {
    String name = sparkName(table);
    spark.sql("REFRESH TABLE " + name);
    Dataset<Row> rows = spark.table(name);
    if (Arrays.asList(rows.columns()).containsAll(ORDER_COLUMNS)) {
      rows = rows.orderBy(ORDER_COLUMNS.get(0), ORDER_COLUMNS.get(1));
    }
    List<Row> collected = rows.collectAsList();
    for (Row row : collected) {
      out.println(json(row));
    }
    out.println("END " + collected.size());
  }

  private void sql(String statement) {
    List<Row> collected = spark.sql(statement).collectAsList();
    for (Row row : collected) {
      out.println(json(row));
    }
    out.println("END " + collected.size());
  }

  private void schema(String table) {
    out.println(spark.table(sparkName(table)).schema().json());
    out.println("END 0");
  }

  private String sparkName(String table) {
    int dot = table.indexOf('.');
    if (dot <= 0 || dot == table.length() - 1) {
      throw new IllegalArgumentException("Table '" + table + "' is not <namespace>.<table>");
    }
    return quote(catalogName) + "." + quote(table.substring(0, dot)) + "."
        + quote(table.substring(dot + 1));
  }

  private static String quote(String identifier) {
    return "`" + identifier.replace("`", "``") + "`";
  }

  private static String json(Row row) {
    try {
      return JSON.writeValueAsString(SparkJson.row(row));
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("Cannot write a row as JSON: " + e.getOriginalMessage(), e);
    }
  }

  private static String oneLine(Throwable e) {
    String message = e.getMessage() == null ? "" : ": " + e.getMessage();
    return (e.getClass().getSimpleName() + message).replaceAll("\\s*\\R\\s*", " ");
  }
}
