package io.mink.spark;

import static java.nio.charset.StandardCharsets.UTF_8;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.iceberg.Table;
import org.apache.iceberg.actions.DeleteOrphanFiles;
import org.apache.iceberg.spark.Spark3Util;
import org.apache.iceberg.spark.actions.SparkActions;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.analysis.NoSuchTableException;
import org.apache.spark.sql.catalyst.parser.ParseException;

/**
 * A local Spark with Iceberg's Spark runtime that reads tables for tests, in a process of its own
 * because Spark's Iceberg runtime cannot share a classpath with Iceberg core.
 *
 * <p>Arguments name the catalog (see {@link ServerArguments#USAGE}); without arguments it starts without one, for
 * {@code CATALOG} requests to add. When Spark is up it prints {@code READY}, then answers one request per line on
 * standard input:
 * <ul>
 *   <li>{@code CATALOG <id> <arguments as a JSON array>}: a Spark session of its own reading the catalog the
 *       arguments name, which later requests use, then {@code END 0};
 *   <li>{@code USE <id>}: later requests use that session's catalog, then {@code END 0};
 *   <li>{@code DROP <id>}: forgets that session, then {@code END 0};
 *   <li>{@code READ <namespace>.<table>}: every row as one JSON object per line, ordered by Kafka
 *       partition and offset when the table has those columns, then {@code END <rows>};
 *   <li>{@code SCHEMA <namespace>.<table>}: Spark's schema as JSON on one line, then {@code END 0};
 *   <li>{@code SQL <statement>}: runs one Spark SQL statement, written on one line, and answers its rows as
 *       {@code READ} does, in the order the statement gives them, then {@code END <rows>};
 *   <li>{@code REMOVE_ORPHANS <namespace>.<table> <older than, epoch milliseconds>}: removes the table's orphan
 *       files older than that through Iceberg's Spark action, the one {@code CALL system.remove_orphan_files} runs,
 *       which (unlike the procedure) takes any age; answers each removed file as {@code {"location": ...}}, then
 *       {@code END <files>};
 *   <li>{@code QUIT}, or the end of input: stops.
 * </ul>
 * A request that fails answers {@code ERROR <message>} and the server goes on. The namespace is one
 * level; the table name is everything after its first dot. Standard output carries only this
 * protocol: logs go to standard error.
 */
public final class SparkTableServer {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final TypeReference<List<String>> ARGUMENTS = new TypeReference<>() {};
  private static final List<String> ORDER_COLUMNS = List.of("_kafka_partition", "_kafka_offset");

  private final SparkSession root;
  private final Map<String, CatalogSession> sessions = new HashMap<>();
  private final PrintStream out;
  private CatalogSession current;

  /** A Spark session and the name of the one catalog it reads. */
  private record CatalogSession(SparkSession spark, String catalogName) {}

  private SparkTableServer(SparkSession root, PrintStream out) {
    this.root = root;
    this.out = out;
  }

  public static void main(String[] args) {
    PrintStream protocol = new PrintStream(new FileOutputStream(FileDescriptor.out), false, UTF_8);
    System.setOut(System.err);
    int status;
    try {
      Optional<ServerArguments> arguments = args.length == 0
          ? Optional.empty()
          : Optional.of(ServerArguments.parse(Arrays.asList(args)));
      SparkSession spark =
          LocalSpark.start(arguments.map(ServerArguments::sparkCatalogSettings).orElse(Map.of()));
      SparkTableServer server = new SparkTableServer(spark, protocol);
      try {
        if (arguments.isPresent()) {
          server.current = new CatalogSession(spark, arguments.get().catalogName());
          checkCatalog(server.current);
        }
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

  private static void checkCatalog(CatalogSession session) {
    session.spark().sql("SHOW NAMESPACES IN " + quote(session.catalogName())).collectAsList();
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
        case "CATALOG" -> addCatalog(argument);
        case "USE" -> use(argument);
        case "DROP" -> drop(argument);
        case "READ" -> read(argument);
        case "SCHEMA" -> schema(argument);
        case "SQL" -> sql(argument);
        case "REMOVE_ORPHANS" -> removeOrphans(argument);
        default ->
          throw new IllegalArgumentException("Unknown request '" + command
              + "': use CATALOG <id> <arguments>, USE <id>, DROP <id>, READ <namespace>.<table>,"
              + " SCHEMA <namespace>.<table>, SQL <statement>,"
              + " REMOVE_ORPHANS <namespace>.<table> <older than, epoch ms> or QUIT");
      }
    } catch (Exception e) {
      e.printStackTrace();
      out.println("ERROR " + oneLine(e));
    }
    out.flush();
  }

  private void addCatalog(String argument) throws JsonProcessingException {
    int space = argument.indexOf(' ');
    if (space <= 0) {
      throw new IllegalArgumentException("CATALOG needs an id and a JSON array of arguments");
    }
    String id = argument.substring(0, space);
    List<String> arguments = JSON.readValue(argument.substring(space + 1), ARGUMENTS);
    ServerArguments parsed = ServerArguments.parse(arguments);
    SparkSession session = root.newSession();
    parsed.sparkCatalogSettings().forEach((key, value) -> session.conf().set(key, value));
    CatalogSession added = new CatalogSession(session, parsed.catalogName());
    checkCatalog(added);
    sessions.put(id, added);
    current = added;
    out.println("END 0");
  }

  private void use(String id) {
    CatalogSession session = sessions.get(id);
    if (session == null) {
      throw new IllegalArgumentException("No catalog " + id + ": add it with CATALOG first");
    }
    current = session;
    out.println("END 0");
  }

  private void drop(String id) {
    CatalogSession dropped = sessions.remove(id);
    if (dropped != null && dropped.equals(current)) {
      current = null;
    }
    out.println("END 0");
  }

  private CatalogSession session() {
    if (current == null) {
      throw new IllegalStateException("No catalog to read: add one with CATALOG or USE one");
    }
    return current;
  }

  private void read(String table) {
    String name = sparkName(table);
    SparkSession spark = session().spark();
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
    List<Row> collected = session().spark().sql(statement).collectAsList();
    for (Row row : collected) {
      out.println(json(row));
    }
    out.println("END " + collected.size());
  }

  private void removeOrphans(String argument) throws ParseException, NoSuchTableException {
    String[] parts = argument.split(" ");
    if (parts.length != 2) {
      throw new IllegalArgumentException(
          "REMOVE_ORPHANS needs <namespace>.<table> <older than, epoch ms>");
    }
    SparkSession spark = session().spark();
    Table table = Spark3Util.loadIcebergTable(spark, sparkName(parts[0]));
    DeleteOrphanFiles.Result result = SparkActions.get(spark)
        .deleteOrphanFiles(table)
        .olderThan(Long.parseLong(parts[1]))
        .execute();
    int removed = 0;
    for (String location : result.orphanFileLocations()) {
      out.println(JSON.createObjectNode().put("location", location));
      removed++;
    }
    out.println("END " + removed);
  }

  private void schema(String table) {
    out.println(session().spark().table(sparkName(table)).schema().json());
    out.println("END 0");
  }

  private String sparkName(String table) {
    int dot = table.indexOf('.');
    if (dot <= 0 || dot == table.length() - 1) {
      throw new IllegalArgumentException("Table '" + table + "' is not <namespace>.<table>");
    }
    return quote(session().catalogName()) + "." + quote(table.substring(0, dot)) + "."
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
