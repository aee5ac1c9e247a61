package io.mink.query.flight;

import static io.mink.query.flight.JdbcRows.columns;
import static io.mink.query.flight.JdbcRows.connect;
import static io.mink.query.flight.JdbcRows.rows;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.protobuf.Any;
import io.mink.indexer.testing.InProcessSidecar;
import io.mink.query.sql.QuerySettings;
import io.mink.query.sql.SidecarTables;
import io.mink.query.sql.SqlEngine;
import io.mink.tables.TableDescriptor;
import io.mink.testkit.KafkaBroker;
import io.mink.testkit.TestRecord;
import io.mink.testkit.Warehouse;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.apache.arrow.flight.FlightClient;
import org.apache.arrow.flight.FlightInfo;
import org.apache.arrow.flight.FlightRuntimeException;
import org.apache.arrow.flight.FlightStatusCode;
import org.apache.arrow.flight.FlightStream;
import org.apache.arrow.flight.Location;
import org.apache.arrow.flight.Ticket;
import org.apache.arrow.flight.sql.FlightSqlClient;
import org.apache.arrow.flight.sql.impl.FlightSql.TicketStatementQuery;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * mink-query's Flight SQL server against a real broker, catalog and engine, with the Arrow Flight SQL JDBC driver and
 * the Flight SQL client as independent clients.
 */
// the Flight clients' and streams' close() declare InterruptedException, which try-with-resources
// warns about
@SuppressWarnings("try")
class FlightSqlServerIT {
  @RegisterExtension
  static final KafkaBroker KAFKA = new KafkaBroker();

  @RegisterExtension
  final Warehouse warehouse = new Warehouse();

  @Test
  void aSelectReturnsTheLakeRowsAndTheTailAsTheTopicHoldsThem() throws Exception {
    String topic = topic(2);
    produce(topic, 0, 0, 4);
    produce(topic, 1, 0, 2);
    try (Served served = serve()) {
      TableDescriptor table = served.sidecar.add(topic, Duration.ofMinutes(3));
      served.sidecar.runRound(table);
      produce(topic, 0, 4, 3);

      try (Connection jdbc = connect(served.server)) {
        assertThat(rows(
                jdbc,
                "SELECT _kafka_partition, _kafka_offset, _kafka_value FROM " + table.qualifiedName()
                    + " ORDER BY 1, 2"))
            .hasSize(9)
            .isEqualTo(topicRecords(topic));
        assertThat(served.sidecar.rows(table)).hasSize(6);
      }
    }
  }

  @Test
  void databaseMetaDataListsCatalogMinkItsNamespacesTablesAndColumns() throws Exception {
    String topic = topic(1);
    try (Served served = serve();
        Connection jdbc = connect(served.server)) {
      TableDescriptor table = served.sidecar.add(topic, Duration.ofMinutes(3));
      DatabaseMetaData metadata = jdbc.getMetaData();

      assertThat(columns(metadata.getCatalogs(), "TABLE_CAT")).containsExactly("mink");
      assertThat(columns(metadata.getSchemas(), "TABLE_CATALOG", "TABLE_SCHEM"))
          .containsExactly("mink|kafka");
      assertThat(columns(metadata.getSchemas("mink", "ka%"), "TABLE_SCHEM"))
          .containsExactly("kafka");
      assertThat(columns(metadata.getSchemas("mink", "sales%"), "TABLE_SCHEM")).isEmpty();
      assertThat(columns(metadata.getTableTypes(), "TABLE_TYPE")).containsExactly("TABLE");
      assertThat(columns(
              metadata.getTables("mink", "kafka", table.name(), new String[] {"TABLE"}),
              "TABLE_CAT",
              "TABLE_SCHEM",
              "TABLE_NAME",
              "TABLE_TYPE"))
          .containsExactly("mink|kafka|" + table.name() + "|TABLE");
      assertThat(columns(metadata.getTables(null, null, "%", new String[] {"VIEW"}), "TABLE_NAME"))
          .isEmpty();
      assertThat(columns(metadata.getColumns("mink", "kafka", table.name(), "%"), "COLUMN_NAME"))
          .containsExactly(
              "_kafka_partition",
              "_kafka_offset",
              "_kafka_timestamp",
              "_kafka_key",
              "_kafka_headers",
              "_kafka_value");
      assertThat(columns(
              metadata.getColumns("mink", "kafka", table.name(), "_kafka_off%"),
              "COLUMN_NAME",
              "DATA_TYPE"))
          .containsExactly("_kafka_offset|" + Types.BIGINT);
      assertThat(metadata.getDatabaseProductName()).isEqualTo("Mink");
      assertThat(metadata.getDatabaseProductVersion())
          .isEqualTo(ServerInfo.versions().getProperty("mink.version"));
      assertThat(metadata.isReadOnly()).isTrue();
    }
  }

  @Test
  void aPreparedStatementIsPlannedAgainOnEachExecution() throws Exception {
    String topic = topic(2);
    produce(topic, 0, 0, 3);
    produce(topic, 1, 0, 3);
    try (Served served = serve();
        Connection jdbc = connect(served.server)) {
      TableDescriptor table = served.sidecar.add(topic, Duration.ofMinutes(3));
      served.sidecar.runRound(table);

      try (PreparedStatement count =
          jdbc.prepareStatement("SELECT count(*) AS records FROM " + table.qualifiedName())) {
        assertThat(count.getMetaData().getColumnLabel(1)).isEqualTo("records");
        assertThat(rows(count.executeQuery())).containsExactly("6");
        produce(topic, 1, 3, 4);
        assertThat(rows(count.executeQuery())).containsExactly("10");
      }
    }
  }

  @Test
  void fourClientsRunStatementsAtOnce() throws Exception {
    String topic = topic(2);
    produce(topic, 0, 0, 50);
    produce(topic, 1, 0, 30);
    try (Served served = serve()) {
      TableDescriptor table = served.sidecar.add(topic, Duration.ofMinutes(3));
      served.sidecar.runRound(table);
      produce(topic, 0, 50, 20);
      String sql = "SELECT _kafka_partition, count(*), max(_kafka_offset) FROM "
          + table.qualifiedName() + " GROUP BY 1 ORDER BY 1";

      ExecutorService clients = Executors.newFixedThreadPool(4);
      try {
        List<Future<List<String>>> results = IntStream.range(0, 4)
            .mapToObj(client -> clients.submit(() -> {
              List<String> seen = new ArrayList<>();
              try (Connection jdbc = connect(served.server)) {
                for (int statement = 0; statement < 3; statement++) {
                  seen.addAll(rows(jdbc, sql));
                }
              }
              return seen;
            }))
            .toList();

        for (Future<List<String>> result : results) {
          assertThat(result.get(3, TimeUnit.MINUTES))
              .containsExactly("0|70|69", "1|30|29", "0|70|69", "1|30|29", "0|70|69", "1|30|29");
        }
      } finally {
        clients.shutdownNow();
      }
    }
  }

  @Test
  void theTicketHoldsTheSqlSoAnotherServerServesIt() throws Exception {
    String topic = topic(1);
    produce(topic, 0, 0, 5);
    try (Served served = serve();
        QueryServer replica = QueryServer.start(served.engine, local());
        BufferAllocator allocator = new RootAllocator();
        FlightSqlClient planner = client(allocator, served.server);
        FlightSqlClient reader = client(allocator, replica)) {
      TableDescriptor table = served.sidecar.add(topic, Duration.ofMinutes(3));
      String sql = "SELECT _kafka_offset FROM " + table.qualifiedName() + " ORDER BY 1";

      FlightInfo info = planner.execute(sql);
      Ticket ticket = info.getEndpoints().get(0).getTicket();

      assertThat(info.getSchemaOptional().orElseThrow().getFields().get(0).getName())
          .isEqualTo("_kafka_offset");
      assertThat(Any.parseFrom(ticket.getBytes())
              .unpack(TicketStatementQuery.class)
              .getStatementHandle()
              .toStringUtf8())
          .isEqualTo(sql);
      assertThat(offsets(reader, ticket)).containsExactly(0L, 1L, 2L, 3L, 4L);
    }
  }

  @Test
  void statementsThatWriteAndTransactionsAreRefusedWithWhatToDo() throws Exception {
    try (Served served = serve();
        Connection jdbc = connect(served.server);
        BufferAllocator allocator = new RootAllocator();
        FlightSqlClient client = client(allocator, served.server)) {
      assertThatThrownBy(() -> {
            try (Statement statement = jdbc.createStatement()) {
              statement.executeUpdate("CREATE TABLE kafka.orders (id INT)");
            }
          })
          .isInstanceOf(SQLException.class)
          .hasMessageContaining("CREATE statements are not served: mink-query only reads");
      assertThatThrownBy(() -> client.executeUpdate("INSERT INTO kafka.orders VALUES (1)"))
          .isInstanceOf(FlightRuntimeException.class)
          .hasMessage("mink-query is read-only: it does not run INSERT statements; add tables with "
              + "mink table add and write rows to their Kafka topics")
          .extracting(e -> ((FlightRuntimeException) e).status().code())
          .isEqualTo(FlightStatusCode.INVALID_ARGUMENT);
      assertThatThrownBy(client::beginTransaction)
          .isInstanceOf(FlightRuntimeException.class)
          .hasMessageStartingWith("mink-query does not support transactions");
    }
  }

  @Test
  void anUnknownTableIsNotFoundAndBadSqlAnInvalidArgument() throws Exception {
    try (Served served = serve();
        Connection jdbc = connect(served.server);
        BufferAllocator allocator = new RootAllocator();
        FlightSqlClient client = client(allocator, served.server)) {
      assertThatThrownBy(() -> rows(jdbc, "SELECT * FROM kafka.no_such_table"))
          .isInstanceOf(SQLException.class)
          .hasMessageContaining(
              "Table kafka.no_such_table is not added to Mink: mink table list shows the tables");
      assertThatThrownBy(() -> client.execute("SELECT * FROM kafka.no_such_table"))
          .isInstanceOf(FlightRuntimeException.class)
          .hasMessage(
              "Table kafka.no_such_table is not added to Mink: mink table list shows the tables")
          .extracting(e -> ((FlightRuntimeException) e).status().code())
          .isEqualTo(FlightStatusCode.NOT_FOUND);
      assertThatThrownBy(() -> client.execute("SELECT FROM WHERE"))
          .isInstanceOf(FlightRuntimeException.class)
          .hasMessageStartingWith("Cannot run the statement: syntax error at or near")
          .extracting(e -> ((FlightRuntimeException) e).status().code())
          .isEqualTo(FlightStatusCode.INVALID_ARGUMENT);
    }
  }

  /** A sidecar, an engine over its tables and a Flight SQL server over the engine, closed in reverse. */
  private record Served(InProcessSidecar sidecar, SqlEngine engine, QueryServer server)
      implements AutoCloseable {
    @Override
    public void close() {
      server.close();
      engine.close();
      sidecar.close();
    }
  }

  /** Each test has a tables topic of its own, so the catalog holds only the tables the test adds. */
  private Served serve() {
    InProcessSidecar sidecar = new InProcessSidecar(
        KAFKA.bootstrapServers(),
        warehouse.lakeSettings(),
        InProcessSidecar.uniqueTopic("_tables"));
    SqlEngine engine = new SqlEngine(new SidecarTables(sidecar), QuerySettings.defaults("kafka"));
    return new Served(sidecar, engine, QueryServer.start(engine, local()));
  }

  private static FlightServerSettings local() {
    return FlightServerSettings.listening("localhost:0");
  }

  private static FlightSqlClient client(BufferAllocator allocator, QueryServer server) {
    return new FlightSqlClient(
        FlightClient.builder(allocator, Location.forGrpcInsecure("localhost", server.port()))
            .build());
  }

  private static List<Long> offsets(FlightSqlClient client, Ticket ticket) throws Exception {
    List<Long> offsets = new ArrayList<>();
    try (FlightStream stream = client.getStream(ticket)) {
      while (stream.next()) {
        VectorSchemaRoot root = stream.getRoot();
        for (int row = 0; row < root.getRowCount(); row++) {
          offsets.add((Long) root.getVector(0).getObject(row));
        }
      }
    }
    return offsets;
  }

  /** Every record of the topic as partition|offset|value, read with a plain consumer. */
  private static List<String> topicRecords(String topic) {
    List<String> records = new ArrayList<>();
    try (KafkaConsumer<byte[], byte[]> consumer = KAFKA.newConsumer()) {
      List<TopicPartition> partitions = consumer.partitionsFor(topic).stream()
          .map(info -> new TopicPartition(topic, info.partition()))
          .sorted((a, b) -> Integer.compare(a.partition(), b.partition()))
          .toList();
      consumer.assign(partitions);
      consumer.seekToBeginning(partitions);
      long expected =
          KAFKA.endOffsets(topic).values().stream().mapToLong(Long::longValue).sum();
      List<ConsumerRecord<byte[], byte[]>> read = new ArrayList<>();
      while (read.size() < expected) {
        consumer.poll(Duration.ofMillis(200)).forEach(read::add);
      }
      read.stream()
          .sorted((a, b) -> a.partition() != b.partition()
              ? Integer.compare(a.partition(), b.partition())
              : Long.compare(a.offset(), b.offset()))
          .forEach(record -> records.add(record.partition() + "|" + record.offset() + "|"
              + new String(record.value(), StandardCharsets.UTF_8)));
    }
    return records;
  }

  private static String topic(int partitions) {
    String topic = InProcessSidecar.uniqueTopic("flight");
    KAFKA.createTopic(topic, partitions);
    return topic;
  }

  /** {@code count} records into the partition, valued p{partition}-{n} from n = {@code first}. */
  private static void produce(String topic, int partition, int first, int count) {
    List<TestRecord> records = new ArrayList<>();
    for (int n = first; n < first + count; n++) {
      records.add(new TestRecord(
          partition,
          null,
          ("p" + partition + "-" + n).getBytes(StandardCharsets.UTF_8),
          List.of(),
          null));
    }
    KAFKA.produce(topic, records);
  }
}
