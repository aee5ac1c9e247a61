package io.mink.cli;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mink.testkit.KafkaBroker;
import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * mink-query serve as bin/mink-query runs it, in a JVM of its own against a real broker and the embedded lake, with
 * the Arrow Flight SQL JDBC driver as the client: a table with a tiered round and a Kafka tail, the catalog's
 * metadata, an unknown table, basic auth, and a stop with SIGTERM.
 */
class MinkQueryServeIT {
  @RegisterExtension
  static final KafkaBroker KAFKA = new KafkaBroker();

  private static final Duration START = Duration.ofSeconds(90);
  /** 128 + 15: the JVM's exit code when SIGTERM stops it, with the server closed by the shutdown hook. */
  private static final int SIGTERM_EXIT = 143;

  private static final Pattern LISTENING =
      Pattern.compile("mink-query serves Flight SQL on (?:127\\.0\\.0\\.1|0\\.0\\.0\\.0):(\\d+) ");

  @TempDir
  Path workingDirectory;

  private CliFixture mink;
  private String topic;
  private String table;
  private ServeProcess server;

  @BeforeEach
  void tableWithLakeRowsAndATail() {
    mink = new CliFixture(KAFKA, workingDirectory);
    topic = mink.topic("orders", 2);
    mink.produce(topic, 0, 3);
    mink.produce(topic, 1, 2);
    assertThat(mink.run("table", "add", topic).exitCode()).isZero();
    table = "kafka." + topic;
    mink.round(table);
    mink.produce(topic, 0, 2);
  }

  @AfterEach
  void stopServer() {
    if (server != null) {
      server.close();
    }
  }

  @Test
  void aSelectReadsTheLakeRowsAndTheTailAndSigtermStopsTheServer() throws Exception {
    server = ServeProcess.start(workingDirectory, mink.variables(), "--listen", "127.0.0.1:0");
    String line = server.awaitListening();
    assertThat(line).endsWith(" without TLS, no login; stop it with SIGTERM or Ctrl-C");

    try (Connection jdbc = connect(server.port(), "")) {
      assertThat(rows(
              jdbc,
              "SELECT _kafka_partition, _kafka_offset, _kafka_value FROM " + table
                  + " ORDER BY 1, 2"))
          .hasSize(7)
          .isEqualTo(topicRecords(topic));
      String name = table.substring("kafka.".length());
      assertThat(rows(jdbc, "SELECT count(*) FROM " + name)).containsExactly("7");
      assertThat(mink.icebergTable(table).currentSnapshot().summary())
          .containsEntry("total-records", "5");

      DatabaseMetaData metadata = jdbc.getMetaData();
      assertThat(columns(
              metadata.getTables("mink", "kafka", "%", new String[] {"TABLE"}),
              "TABLE_CAT",
              "TABLE_SCHEM",
              "TABLE_NAME",
              "TABLE_TYPE"))
          .containsExactly("mink|kafka|" + name + "|TABLE");
      assertThat(metadata.isReadOnly()).isTrue();

      assertThatThrownBy(() -> rows(jdbc, "SELECT * FROM kafka.no_such_table"))
          .isInstanceOf(SQLException.class)
          .hasMessageContaining(
              "Table kafka.no_such_table is not added to Mink: mink table list shows the tables")
          .hasMessageNotContaining("\tat ");
      assertThat(rows(jdbc, "SELECT 'still serving' AS s")).containsExactly("still serving");
    }

    assertThat(server.stop()).as(server.output()).isEqualTo(SIGTERM_EXIT);
    assertThat(server.output())
        .doesNotContain("Exception")
        .doesNotContain("Unable to register Log4j shutdown hook");
  }

  @Test
  void basicAuthAsTheConfigsUserWithThePasswordOfTheEnvironment() throws Exception {
    Path config = writeConfig("[query]\nuser = \"analyst\"\n");
    Map<String, String> variables = new HashMap<>(mink.variables());
    variables.put("MINK_QUERY_PASSWORD", "s3cret");
    server = ServeProcess.start(
        workingDirectory, variables, "--config", config.toString(), "--listen", "127.0.0.1:0");
    assertThat(server.awaitListening())
        .endsWith(" without TLS, basic auth as analyst; stop it with SIGTERM or Ctrl-C");

    assertLoginOnlyWith("analyst", "s3cret");
    assertThat(server.stop()).as(server.output()).isEqualTo(SIGTERM_EXIT);
    assertThat(server.output()).doesNotContain("s3cret");
  }

  @Test
  void basicAuthAsTheUserFlagWithThePasswordOfTheConfig() throws Exception {
    Path config = writeConfig("[query]\npassword = \"0ther-s3cret\"\n");
    server = ServeProcess.start(
        workingDirectory,
        mink.variables(),
        "--config",
        config.toString(),
        "--listen",
        "127.0.0.1:0",
        "--user",
        "reporter");
    assertThat(server.awaitListening()).contains(", basic auth as reporter;");

    assertLoginOnlyWith("reporter", "0ther-s3cret");
    assertThat(server.stop()).as(server.output()).isEqualTo(SIGTERM_EXIT);
    assertThat(server.output()).doesNotContain("0ther-s3cret");
  }

  @Test
  void stoppedBeforeAnyStatementItPrintsNothingButItsListeningLine() throws Exception {
    server = ServeProcess.start(workingDirectory, mink.variables(), "--listen", "127.0.0.1:0");
    String line = server.awaitListening();

    assertThat(server.stop()).as(server.output()).isEqualTo(SIGTERM_EXIT);
    assertThat(server.output()).isEqualTo(line);
  }

  @Test
  void aUserWithoutAPasswordIsABadConfigurationAndNothingListens() throws Exception {
    server = ServeProcess.start(
        workingDirectory, mink.variables(), "--listen", "127.0.0.1:0", "--user", "analyst");

    assertThat(server.awaitExit(START)).as(server.output()).isEqualTo(3);
    assertThat(server.output())
        .isEqualTo("Error: Basic auth for user analyst needs a password: set [query] password or"
            + " MINK_QUERY_PASSWORD");
  }

  @Test
  void everyInterfaceWithoutTlsAndALoginIsABadConfigurationAndNothingListens() throws Exception {
    server = ServeProcess.start(workingDirectory, mink.variables(), "--listen", "0.0.0.0:0");

    assertThat(server.awaitExit(START)).as(server.output()).isEqualTo(3);
    assertThat(server.output())
        .isEqualTo(
            "Error: mink-query serve will not listen on 0.0.0.0:0 without TLS and a login: that"
                + " address reaches beyond this host, and whoever reaches it would read every table with"
                + " Mink's Kafka and lake credentials. Set [query] tls_cert and tls_key (or --tls-cert and"
                + " --tls-key) and [query] user and password (or --user and MINK_QUERY_PASSWORD); or listen"
                + " on 127.0.0.1 to serve this host only; or, on a network that secures the address itself,"
                + " set [query] allow_insecure = true");
  }

  @Test
  void allowInsecureServesEveryInterfaceAndWarnsAtStart() throws Exception {
    Path config = writeConfig("[query]\nallow_insecure = true\nlisten = \"0.0.0.0:0\"\n");
    server = ServeProcess.start(workingDirectory, mink.variables(), "--config", config.toString());
    String line = server.awaitListening();

    assertThat(line).startsWith("mink-query serves Flight SQL on 0.0.0.0:");
    assertThat(server.output())
        .contains("WARN  QueryServer - mink-query serve listens on 0.0.0.0:" + server.port()
            + " without TLS and a login because [query] allow_insecure is true: whoever reaches that"
            + " address reads every table with Mink's Kafka and lake credentials");
    try (Connection jdbc = connect(server.port(), "")) {
      assertThat(rows(jdbc, "SELECT count(*) FROM " + table)).containsExactly("7");
    }
    assertThat(server.stop()).as(server.output()).isEqualTo(SIGTERM_EXIT);
  }

  private void assertLoginOnlyWith(String user, String password) throws SQLException {
    try (Connection jdbc = connect(server.port(), "&user=" + user + "&password=" + password)) {
      assertThat(rows(jdbc, "SELECT count(*) FROM " + table)).containsExactly("7");
      assertThat(columns(jdbc.getMetaData().getTables(null, null, "%", null), "TABLE_NAME"))
          .containsExactly(table.substring("kafka.".length()));
    }
    assertThatThrownBy(() -> connect(server.port(), "&user=" + user + "&password=guess"))
        .isInstanceOf(SQLException.class)
        .hasStackTraceContaining("Wrong user name or password for mink-query");
    assertThatThrownBy(() -> connect(server.port(), "&user=someone&password=" + password))
        .isInstanceOf(SQLException.class)
        .hasStackTraceContaining("Wrong user name or password for mink-query");
    assertThatThrownBy(() -> rows(connect(server.port(), ""), "SELECT 1"))
        .isInstanceOf(SQLException.class);
  }

  private Path writeConfig(String text) throws IOException {
    Path config = workingDirectory.resolve("mink.toml");
    Files.writeString(config, text);
    return config;
  }

  private static Connection connect(int port, String options) throws SQLException {
    return DriverManager.getConnection(
        "jdbc:arrow-flight-sql://127.0.0.1:" + port + "?useEncryption=false" + options,
        new Properties());
  }

  private static List<String> rows(Connection connection, String sql) throws SQLException {
    try (Statement statement = connection.createStatement();
        ResultSet result = statement.executeQuery(sql)) {
      List<String> rows = new ArrayList<>();
      int columns = result.getMetaData().getColumnCount();
      while (result.next()) {
        List<String> values = new ArrayList<>();
        for (int column = 1; column <= columns; column++) {
          Object value = result.getObject(column);
          values.add(
              value instanceof byte[] bytes ? new String(bytes, UTF_8) : String.valueOf(value));
        }
        rows.add(String.join("|", values));
      }
      return rows;
    }
  }

  /** The values of the named columns, joined with {@code |}, of every row; closes the result. */
  private static List<String> columns(ResultSet result, String... names) throws SQLException {
    try (result) {
      List<String> rows = new ArrayList<>();
      while (result.next()) {
        List<String> values = new ArrayList<>();
        for (String name : names) {
          values.add(result.getString(name));
        }
        rows.add(String.join("|", values));
      }
      return rows;
    }
  }

  /** Every record of the topic as {@code partition|offset|value}, in partition and offset order. */
  private static List<String> topicRecords(String topic) {
    long expected =
        KAFKA.endOffsets(topic).values().stream().mapToLong(Long::longValue).sum();
    List<ConsumerRecord<byte[], byte[]>> read = new ArrayList<>();
    try (KafkaConsumer<byte[], byte[]> consumer = KAFKA.newConsumer()) {
      List<TopicPartition> partitions = consumer.partitionsFor(topic).stream()
          .map(info -> new TopicPartition(topic, info.partition()))
          .toList();
      consumer.assign(partitions);
      consumer.seekToBeginning(partitions);
      long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
      while (read.size() < expected && System.nanoTime() < deadline) {
        consumer.poll(Duration.ofMillis(200)).forEach(read::add);
      }
    }
    assertThat(read).hasSize((int) expected);
    return read.stream()
        .sorted(Comparator.<ConsumerRecord<byte[], byte[]>>comparingInt(ConsumerRecord::partition)
            .thenComparingLong(ConsumerRecord::offset))
        .map(record ->
            record.partition() + "|" + record.offset() + "|" + new String(record.value(), UTF_8))
        .toList();
  }

  /**
   * {@code mink-query serve} in a JVM of its own on this JVM's classpath, as bin/mink-query starts it, in the test's
   * working directory (where the embedded lake is) with {@code variables} as its only MINK_ variables. Its standard
   * output and error are read together, line by line.
   */
  private static final class ServeProcess implements AutoCloseable {
    private final Process process;
    private final Thread reader;
    private final List<String> lines = new ArrayList<>();
    private int port = -1;

    private ServeProcess(Process process) {
      this.process = process;
      this.reader = new Thread(this::read, "mink-query-serve-" + process.pid() + "-output");
      reader.setDaemon(true);
      reader.start();
    }

    static ServeProcess start(Path directory, Map<String, String> variables, String... args) {
      List<String> command = new ArrayList<>(List.of(
          Path.of(System.getProperty("java.home"), "bin", "java").toString(),
          "--add-opens=java.base/java.nio=ALL-UNNAMED"));
      command.addAll(CliSidecars.JVM_OPTIONS);
      command.addAll(List.of(
          "-cp",
          Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
              .map(entry -> Path.of(entry).toAbsolutePath().toString())
              .collect(Collectors.joining(File.pathSeparator)),
          "io.mink.cli.query.QueryMain",
          "serve"));
      command.addAll(List.of(args));
      ProcessBuilder builder =
          new ProcessBuilder(command).directory(directory.toFile()).redirectErrorStream(true);
      builder.environment().keySet().removeIf(name -> name.startsWith("MINK_"));
      builder.environment().putAll(variables);
      try {
        return new ServeProcess(builder.start());
      } catch (IOException e) {
        throw new UncheckedIOException("Cannot start mink-query serve: " + e.getMessage(), e);
      }
    }

    private void read() {
      try (BufferedReader out =
          new BufferedReader(new InputStreamReader(process.getInputStream(), UTF_8))) {
        for (String line = out.readLine(); line != null; line = out.readLine()) {
          synchronized (this) {
            lines.add(line);
            notifyAll();
          }
        }
      } catch (IOException e) {
        // the process is gone
      }
    }

    /** Waits for the line saying where it listens, and returns it; fails if it does not come or the JVM ends. */
    synchronized String awaitListening() throws InterruptedException {
      long deadline = System.nanoTime() + START.toNanos();
      while (true) {
        for (String line : lines) {
          Matcher matcher = LISTENING.matcher(line);
          if (matcher.find()) {
            port = Integer.parseInt(matcher.group(1));
            return line;
          }
        }
        long left = deadline - System.nanoTime();
        if (!process.isAlive() || left <= 0) {
          throw new AssertionError("mink-query serve did not say it listens within "
              + START.toSeconds() + "s" + (process.isAlive() ? "" : " and exited")
              + "; its output:\n"
              + String.join("\n", lines));
        }
        TimeUnit.NANOSECONDS.timedWait(this, Math.min(left, TimeUnit.MILLISECONDS.toNanos(100)));
      }
    }

    synchronized int port() {
      assertThat(port).as("the port, known once it listens").isPositive();
      return port;
    }

    synchronized String output() {
      return String.join("\n", lines);
    }

    /**
     * SIGTERM, as an operator stops it; its exit code once it ended and its output is read: 143, the JVM's for
     * SIGTERM, as the command's help and docs/querying.md say.
     */
    int stop() throws InterruptedException {
      process.destroy();
      return awaitExit(Duration.ofSeconds(30));
    }

    int awaitExit(Duration timeout) throws InterruptedException {
      if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
        throw new AssertionError("mink-query serve still runs after " + timeout.toSeconds()
            + "s; its output:\n" + output());
      }
      reader.join(TimeUnit.SECONDS.toMillis(10));
      return process.exitValue();
    }

    @Override
    public void close() {
      process.destroyForcibly();
      try {
        process.waitFor(30, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }
}
