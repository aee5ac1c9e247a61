package io.mink.query.sql;

import static java.util.Objects.requireNonNull;

import io.mink.indexer.errors.MinkException;
import io.mink.lake.MinkTableLayout;
import io.mink.schema.batch.ArrowSchemas;
import io.mink.schema.batch.RowBatch;
import java.io.IOException;
import java.nio.file.Path;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.pojo.Schema;
import org.duckdb.DuckDBConnection;

/**
 * mink-query's engine (docs/querying.md, SQL with mink-query): embedded DuckDB executes each statement over Arrow streams that Mink plans with
 * the union read, one snapshot and one set of tail offsets per table for the whole statement. Thread-safe: each
 * statement runs on its own DuckDB connection.
 */
public final class SqlEngine implements AutoCloseable {
  /** The catalog the tables are listed in. */
  public static final String CATALOG = "mink";

  private final QueryTables tables;
  private final QuerySettings settings;
  private final DuckDBConnection duckdb;
  private final CatalogMirror mirror;
  private final ConsumerPool consumers;
  private final ExecutorService splitOpeners;
  private final PlannedFiles plannedFiles = new PlannedFiles();
  private final ParsedStatements parsed = new ParsedStatements();

  public SqlEngine(QueryTables tables, QuerySettings settings) {
    this.tables = requireNonNull(tables, "tables is null");
    this.settings = requireNonNull(settings, "settings is null");
    this.duckdb = open(settings, tables.localLake());
    this.mirror = new CatalogMirror(duckdb);
    this.consumers = new ConsumerPool(tables, 4 * settings.targetPartitions() + 4);
    this.splitOpeners = Executors.newCachedThreadPool(runnable -> {
      Thread thread = new Thread(runnable, "mink-query-split");
      thread.setDaemon(true);
      return thread;
    });
  }

  private static DuckDBConnection open(QuerySettings settings, Optional<Path> localLake) {
    try {
      Properties properties = new Properties();
      properties.setProperty("jdbc_stream_results", "true");
      DuckDBConnection connection =
          DriverManager.getConnection("jdbc:duckdb:", properties).unwrap(DuckDBConnection.class);
      try (Statement statement = connection.createStatement()) {
        statement.execute("SET threads = " + settings.targetPartitions());
        if (settings.memoryLimitBytes().isPresent()) {
          statement.execute(
              "SET memory_limit = '" + settings.memoryLimitBytes().getAsLong() + "B'");
        }
        statement.execute("SET temp_directory = "
            + Identifiers.literal(System.getProperty("java.io.tmpdir") + "/mink-query-"
                + ProcessHandle.current().pid()));
        statement.execute("ATTACH ':memory:' AS " + CATALOG);
        statement.execute("SET GLOBAL TimeZone = 'UTC'");
        if (localLake.isPresent()) {
          statement.execute("SET allowed_directories = ["
              + Identifiers.literal(localLake.get().toAbsolutePath().normalize() + "/") + "]");
        }
        statement.execute("SET enable_external_access = false");
        statement.execute("SET lock_configuration = true");
      }
      return connection;
    } catch (SQLException e) {
      throw new IllegalStateException("Cannot start DuckDB: " + e.getMessage(), e);
    }
  }

  /** The namespace unqualified names resolve in. */
  public String database() {
    return settings.database();
  }

  /**
   * Runs one read-only statement: SELECT, WITH, VALUES, EXPLAIN, SHOW, DESCRIBE, or a query of information_schema.
   *
   * @throws MinkException user for bad SQL or a statement that writes, conflict for a table that is not added or not
   *     indexing, external when Kafka, the registry or the catalog is down
   */
  public StatementResult execute(String sql, BufferAllocator allocator) {
    StatementKind kind = StatementKind.of(sql);
    StatementRun run = begin();
    try {
      String text = sql;
      CatalogMirror.View catalog;
      if (kind == StatementKind.CATALOG) {
        catalog = mirror.refreshAll(tables);
        use(run, catalog);
      } else {
        String body = kind == StatementKind.EXPLAIN ? StatementKind.explained(sql) : sql;
        StatementTree tree = parsed.parse(run.connection(), body);
        catalog = mirror.refresh(tables, StatementPlan.refreshed(tree, settings.database()));
        use(run, catalog);
        StatementPlan plan = StatementPlan.plan(tree, body, catalog, this::scanContext, run);
        text = kind == StatementKind.EXPLAIN
            ? ExplainText.query(plan, StatementKind.analyzes(sql), run)
            : plan.sql();
      }
      ArrowReader duckdbResult = run.query(text, allocator, settings.batchSize());
      ResultReader reader = new ResultReader(allocator, duckdbResult, e -> failure(run, e));
      return new StatementResult(reader.getVectorSchemaRoot().getSchema(), reader, () -> {
        try {
          reader.close();
        } finally {
          run.close();
        }
      });
    } catch (SQLException | IOException | RuntimeException e) {
      RuntimeException failure = failure(run, e);
      run.close();
      throw failure;
    }
  }

  /** The schema of a statement's result, planned as {@link #execute} plans it, without taking its rows. */
  public Schema schema(String sql) {
    try (BufferAllocator allocator = RowBatch.newChildAllocator("mink-query schema");
        StatementResult result = execute(sql, allocator)) {
      return result.schema();
    }
  }

  /** The indexing tables, read again from the tables topic, each with its current schema. */
  public List<CatalogTable> catalog() {
    return mirror.refreshAll(tables).entries().stream()
        .map(entry -> new CatalogTable(
            entry.descriptor().namespace(),
            entry.descriptor().name(),
            ArrowSchemas.of(entry.table().schema())))
        .sorted((a, b) -> a.qualifiedName().compareTo(b.qualifiedName()))
        .toList();
  }

  StatementPlan.ScanContext scanContext() {
    return new StatementPlan.ScanContext(
        new TableScan.ScanSources(
            consumers,
            tables.topicIds(),
            tables.decoder(),
            splitOpeners,
            tables.localLake(),
            plannedFiles),
        settings);
  }

  private StatementRun begin() {
    try {
      return new StatementRun(duckdb.duplicate());
    } catch (SQLException e) {
      throw new IllegalStateException("Cannot open a DuckDB connection: " + e.getMessage(), e);
    }
  }

  /** Makes the database the statement's default schema, once the catalog has it. */
  private void use(StatementRun run, CatalogMirror.View catalog) throws SQLException {
    if (catalog.hasNamespace(settings.database())) {
      try (Statement statement = run.connection().createStatement()) {
        statement.execute("USE " + CATALOG + "." + Identifiers.quote(settings.database()));
      }
    }
  }

  /** What a failed statement reports: a scan's own failure, a Mink error, or DuckDB's first line. */
  private static RuntimeException failure(StatementRun run, Exception e) {
    if (run.scanFailure().isPresent()) {
      return run.scanFailure().get();
    }
    if (e instanceof MinkException mink) {
      return mink;
    }
    if (e instanceof SQLException
        || e.getCause() instanceof SQLException
        || e instanceof IOException) {
      String message = String.valueOf(e.getMessage()).strip();
      int newline = message.indexOf('\n');
      return MinkException.user(
          "Cannot run the statement: " + (newline < 0 ? message : message.substring(0, newline)),
          e);
    }
    return e instanceof RuntimeException runtime ? runtime : new IllegalStateException(e);
  }

  static boolean isUpsert(CatalogMirror.Entry entry) {
    return isUpsert(entry.descriptor());
  }

  static boolean isUpsert(io.mink.tables.TableDescriptor table) {
    return MinkTableLayout.isUpsert(table.options());
  }

  @Override
  public void close() {
    splitOpeners.shutdownNow();
    consumers.close();
    try {
      duckdb.close();
    } catch (SQLException e) {
      throw new IllegalStateException("Cannot close DuckDB: " + e.getMessage(), e);
    }
  }
}
