package io.mink.query.sql;

import io.mink.indexer.errors.MinkException;
import io.mink.query.read.PlannedPoint;
import io.mink.query.read.ReadRequest;
import io.mink.schema.batch.ArrowSchemas;
import io.mink.tables.TableDescriptor;
import java.nio.charset.StandardCharsets;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;
import org.apache.iceberg.Schema;

/**
 * Plans a statement over Mink's tables: each table it names is resolved in the catalog, scanned at one read point per
 * table for the whole statement (a join of a table with itself sees one point in time), and its name in the text is
 * replaced by the scan's relation. The result is the SQL DuckDB runs and the EXPLAIN line of each scan.
 */
final class StatementPlan {
  /** Names DuckDB's own schemas have: a table named in them is not a Mink table unless Mink has one there. */
  private static final Set<String> SYSTEM_SCHEMAS =
      Set.of("information_schema", "pg_catalog", "main", "temp", "system");

  /** What a scan needs from the engine. */
  record ScanContext(TableScan.ScanSources sources, QuerySettings settings) {}

  /** A table's scan as the statement planned it, and how long opening it took. */
  record PlannedScan(String table, TableScan scan, Pushdown pushdown, long openNanos) {}

  private final String sql;
  private final List<PlannedScan> scans;

  private StatementPlan(String sql, List<PlannedScan> scans) {
    this.sql = sql;
    this.scans = List.copyOf(scans);
  }

  String sql() {
    return sql;
  }

  /** The scan of each table, in the order the statement names the tables. */
  List<PlannedScan> scans() {
    return scans;
  }

  static StatementPlan plan(
      StatementTree tree,
      String text,
      CatalogMirror.View catalog,
      Supplier<ScanContext> contexts,
      StatementRun run)
      throws SQLException {
    ScanContext context = contexts.get();
    Map<TableRef, CatalogMirror.Entry> resolved = new HashMap<>();
    Map<TableRef, Schema> schemas = new HashMap<>();
    for (TableRef ref : tree.tables()) {
      resolve(ref, tree, catalog, context.settings().database()).ifPresent(entry -> {
        resolved.put(ref, entry);
        schemas.put(ref, entry.table().schema());
      });
    }
    boolean copied = tree.recursive() || tree.hasCtes();
    Optional<CountOnly> count = CountOnly.of(tree);
    String counted = null;
    Map<String, PlannedPoint> points = new HashMap<>();
    Map<TableRef, String> relations = new HashMap<>();
    List<PlannedScan> planned = new ArrayList<>();
    for (TableRef ref : tree.tables()) {
      CatalogMirror.Entry entry = resolved.get(ref);
      if (entry == null) {
        continue;
      }
      TableDescriptor descriptor = entry.descriptor();
      Pushdown pushdown = new ScanPushdown(tree, ref, schemas).pushdown(SqlEngine.isUpsert(entry));
      ReadRequest request = TableScan.request(pushdown, context.settings());
      long opening = System.nanoTime();
      PlannedPoint point = points.computeIfAbsent(
          descriptor.qualifiedName(),
          name -> TableScan.point(context.sources(), descriptor, entry.table()));
      boolean counting = count.isPresent() && count.get().table().equals(ref);
      TableScan scan = TableScan.open(
          context.sources(),
          descriptor,
          entry.table(),
          point,
          pushdown,
          request,
          context.settings().targetPartitions(),
          counting);
      Schema empty = pushdown.projection().isEmpty()
          ? entry.table().schema()
          : entry.table().schema().select(pushdown.projection());
      if (counting && scan.lakeRows().isPresent() && scan.splits().isEmpty()) {
        run.keep(scan);
        counted = count.get().sql(scan.lakeRows().getAsLong());
      } else {
        String relation;
        try {
          relation = run.register(scan, ArrowSchemas.of(empty), copied);
        } catch (SQLException | RuntimeException e) {
          scan.close();
          throw e;
        }
        if (counting && scan.lakeRows().isPresent()) {
          counted = count.get().sql(relation, scan.lakeRows().getAsLong());
        }
        relations.put(
            ref,
            relation + " AS "
                + Identifiers.quote(ref.alias().isEmpty() ? ref.table() : ref.alias()));
      }
      planned.add(
          new PlannedScan(descriptor.qualifiedName(), scan, pushdown, System.nanoTime() - opening));
    }
    return new StatementPlan(counted != null ? counted : rewrite(text, relations), planned);
  }

  /**
   * The tables whose metadata the statement needs current: those it names, as {@link #resolve} finds them; every
   * table when it calls a table function or names a catalog other than Mink's, as it may read DuckDB's catalog views
   * of Mink's tables. Pure.
   */
  static CatalogMirror.Scope refreshed(StatementTree tree, String database) {
    if (tree.callsTableFunctions()) {
      return CatalogMirror.Scope.ALL;
    }
    Set<String> names = new java.util.HashSet<>();
    for (TableRef ref : tree.tables()) {
      if (!ref.catalog().isEmpty() && !ref.catalog().equalsIgnoreCase(SqlEngine.CATALOG)) {
        return CatalogMirror.Scope.ALL;
      }
      if (ref.catalog().isEmpty() && ref.schema().isEmpty() && tree.isCte(ref.table())) {
        continue;
      }
      String namespace = ref.schema().isEmpty() ? database : ref.schema();
      names.add((namespace + "." + ref.table()).toLowerCase(Locale.ROOT));
    }
    return new CatalogMirror.Scope(false, names);
  }

  /** The Mink table a reference names; empty for a name DuckDB resolves (a common table expression, a system view). */
  private static Optional<CatalogMirror.Entry> resolve(
      TableRef ref, StatementTree tree, CatalogMirror.View catalog, String database) {
    if (!ref.catalog().isEmpty() && !ref.catalog().equalsIgnoreCase(SqlEngine.CATALOG)) {
      return Optional.empty();
    }
    if (ref.catalog().isEmpty() && ref.schema().isEmpty() && tree.isCte(ref.table())) {
      return Optional.empty();
    }
    String namespace = ref.schema().isEmpty() ? database : ref.schema();
    String name = namespace + "." + ref.table();
    Optional<TableDescriptor> added = catalog.added(name).or(() -> catalog.addedIgnoringCase(name));
    if (added.isEmpty()) {
      if (ref.catalog().isEmpty() && SYSTEM_SCHEMAS.contains(namespace.toLowerCase(Locale.ROOT))) {
        return Optional.empty();
      }
      throw MinkException.conflict("Table " + name + " is not added to Mink: mink table list shows "
          + "the tables"
          + (ref.schema().isEmpty()
              ? " (unqualified names are looked up in " + database
                  + "; name another namespace as NAMESPACE.TABLE or run with -d NAMESPACE)"
              : ""));
    }
    TableDescriptor table = added.get();
    return Optional.of(catalog
        .indexing(table.qualifiedName())
        .orElseThrow(() -> MinkException.conflict(
            "Table " + table.qualifiedName() + " is " + table.state().label() + " since "
                + table.lifecycle().since() + " (" + table.lifecycle().reason()
                + "), so it is not served: mink table show " + table.qualifiedName()
                + " says what to do")));
  }

  /** The statement with each reference's bytes replaced by its relation, from the last reference back. */
  private static String rewrite(String text, Map<TableRef, String> relations) {
    byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
    List<TableRef> refs = new ArrayList<>(relations.keySet());
    refs.sort(Comparator.comparingInt(TableRef::start).reversed());
    StringBuilder tail = new StringBuilder();
    int end = bytes.length;
    for (TableRef ref : refs) {
      if (ref.start() < 0 || ref.length() <= 0 || ref.start() + ref.length() > end) {
        throw new IllegalStateException("DuckDB's parser gave table " + ref.written()
            + " no place in the statement; cannot plan it");
      }
      tail.insert(
          0,
          new String(
              bytes,
              ref.start() + ref.length(),
              end - ref.start() - ref.length(),
              StandardCharsets.UTF_8));
      tail.insert(0, relations.get(ref));
      end = ref.start();
    }
    return new String(bytes, 0, end, StandardCharsets.UTF_8) + tail;
  }
}
