package io.mink.bench.spark;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeoutException;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * A Spark session reading the benchmark's table through Mink's catalog ({@code spark.sql.catalog.mink}), its tasks in
 * this JVM ({@code local[n]}) or in executor JVMs of their own ({@code local-cluster[n,1,2048]}, started from this
 * JVM's classpath as MinkCatalogClusterIT starts them). One session at a time: Spark has one context per JVM.
 */
final class MinkSpark implements AutoCloseable {
  /** The JVM options of the executors, which the run script passes as a system property. */
  static final String EXECUTOR_OPTIONS = "mink.spark.executor.options";

  static final String CATALOG = "mink";

  /** Mink's catalog, named by its class: the run puts the spark module's classes on the classpath. */
  private static final String MINK_CATALOG = "io.mink.spark.MinkCatalog";

  private static final long LISTENER_WAIT_MILLIS = 30_000;

  private final SparkSession spark;
  private final TaskCpu taskCpu = new TaskCpu();
  private final String master;

  private MinkSpark(SparkSession spark, String master) {
    this.spark = spark;
    this.master = master;
    spark.sparkContext().addSparkListener(taskCpu);
  }

  /** Tasks in this JVM on {@code cores} threads. */
  static MinkSpark local(OrderTable table, int cores) {
    return start(table, "local[" + cores + "]");
  }

  /** {@code executors} executor JVMs of one core and 2048 MB each. */
  static MinkSpark cluster(OrderTable table, int executors) {
    String master = "local-cluster[" + executors + ",1,2048]";
    SparkSession.Builder builder = builder(table, master)
        .config("spark.executor.memory", "2g")
        .config("spark.executor.extraClassPath", System.getProperty("java.class.path"))
        .config("spark.executor.extraJavaOptions", System.getProperty(EXECUTOR_OPTIONS, ""));
    MinkSpark started = new MinkSpark(builder.getOrCreate(), master);
    started.awaitExecutors(executors);
    return started;
  }

  private static MinkSpark start(OrderTable table, String master) {
    return new MinkSpark(builder(table, master).getOrCreate(), master);
  }

  private static SparkSession.Builder builder(OrderTable table, String master) {
    String prefix = "spark.sql.catalog." + CATALOG;
    var lake = table.warehouse().lakeSettings();
    return SparkSession.builder()
        .appName("mink-bench-spark-read")
        .master(master)
        .config("spark.ui.enabled", "false")
        .config("spark.ui.showConsoleProgress", "false")
        .config("spark.driver.host", "127.0.0.1")
        .config("spark.driver.bindAddress", "127.0.0.1")
        .config("spark.sql.catalogImplementation", "in-memory")
        .config("spark.sql.shuffle.partitions", "2")
        .config("spark.default.parallelism", "2")
        .config("spark.sql.session.timeZone", "UTC")
        .config(prefix, MINK_CATALOG)
        .config(prefix + ".kafka.bootstrap.servers", table.broker().bootstrapServers())
        .config(prefix + ".indexer.tables_topic", OrderTable.TABLES_TOPIC)
        .config(prefix + ".schema_registry.url", table.registry().url())
        .config(prefix + ".lake.catalog", lake.catalog())
        .config(prefix + ".lake.uri", lake.uri())
        .config(prefix + ".lake.warehouse", lake.warehouse());
  }

  /** Waits until the cluster's executors have registered, so the first timed query does not wait for them. */
  private void awaitExecutors(int executors) {
    long deadline = System.nanoTime() + 120_000_000_000L;
    // the driver counts as one of the executor infos
    while (spark.sparkContext().statusTracker().getExecutorInfos().length < executors + 1) {
      if (System.nanoTime() > deadline) {
        throw new IllegalStateException("Spark's " + master + " did not start " + executors
            + " executors within 120 s; see Spark's log above");
      }
      try {
        Thread.sleep(100);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException("Interrupted while waiting for Spark's executors", e);
      }
    }
  }

  String master() {
    return master;
  }

  /** The table read with Mink's read options, such as {@code mode} and {@code at}. */
  Dataset<Row> table(OrderTable table, Map<String, String> options) {
    return spark.read().options(options).table(table.sparkName(CATALOG));
  }

  /** The one row a query answers, as numbers. */
  static List<Long> answer(Dataset<Row> query) {
    List<Row> rows = query.collectAsList();
    if (rows.size() != 1) {
      throw new IllegalStateException("Spark answered " + rows.size() + " rows, not one");
    }
    List<Long> values = new ArrayList<>();
    Row row = rows.get(0);
    for (int i = 0; i < row.size(); i++) {
      values.add(((Number) row.get(i)).longValue());
    }
    return values;
  }

  /** Every row of {@code query} written to Spark's no-op sink: each column of each row taken, none kept. */
  static void drain(Dataset<Row> query) {
    query.write().format("noop").mode("overwrite").save();
  }

  /** Forgets the tasks run so far, once Spark has delivered their ends. */
  void resetTasks() {
    awaitListeners();
    taskCpu.reset();
  }

  /** What the tasks since {@link #resetTasks} used, once Spark has delivered their ends. */
  TaskCpu.Used tasks() {
    awaitListeners();
    return taskCpu.used();
  }

  private void awaitListeners() {
    try {
      spark.sparkContext().listenerBus().waitUntilEmpty(LISTENER_WAIT_MILLIS);
    } catch (TimeoutException e) {
      throw new IllegalStateException(
          "Spark did not deliver its task ends within " + LISTENER_WAIT_MILLIS
              + " ms; the task figures would be short",
          e);
    }
  }

  @Override
  public void close() {
    spark.stop();
  }
}
