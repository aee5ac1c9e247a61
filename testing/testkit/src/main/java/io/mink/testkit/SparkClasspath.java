package io.mink.testkit;

/**
 * Where the spark-reader module's classes and dependencies are: the file named by the system property
 * {@value #PROPERTY}, else {@code testing/spark-reader/target/spark-classpath.txt} in the first directory above
 * the working directory that holds a {@code spark-reader} module. The module's build writes that file;
 * its classes are in {@code classes} beside it. See {@link ChildClasspath}, which finds the others too.
 */
final class SparkClasspath {
  static final String PROPERTY = "mink.spark.classpath";

  private SparkClasspath() {}

  static String find() {
    return ChildClasspath.SPARK.find();
  }
}
