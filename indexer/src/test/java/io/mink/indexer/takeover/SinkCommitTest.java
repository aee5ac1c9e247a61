package io.mink.indexer.takeover;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mink.indexer.errors.MinkException;
import java.util.Map;
import java.util.Optional;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.Namespace;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.inmemory.InMemoryCatalog;
import org.apache.iceberg.types.Types;
import org.apache.iceberg.util.SnapshotUtil;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class SinkCommitTest {
  private static final String GROUP = "connect-orders-sink";

  private Table table;

  @BeforeEach
  void table() {
    InMemoryCatalog catalog = new InMemoryCatalog();
    catalog.initialize("memory", Map.of());
    catalog.createNamespace(Namespace.of("lake"));
    table = catalog.createTable(
        TableIdentifier.of("lake", "orders"),
        new Schema(Types.NestedField.optional(1, "id", Types.LongType.get())));
  }

  @Test
  void theNewestSnapshotWithTheGroupsKeyIsTheSinksLastCommit() {
    commit(Map.of("kafka.connect.offsets.control.iceberg." + GROUP, "{\"0\":7,\"1\":3}"));
    long sinkCommit = table.currentSnapshot().snapshotId();
    commit(Map.of("kafka.connect.offsets.control.iceberg.connect-other", "{\"0\":99}"));
    commit(Map.of());

    Optional<SinkCommit> newest = SinkCommit.newest(lineage(), "lake.orders", GROUP);

    assertThat(newest)
        .contains(new SinkCommit(sinkCommit, "control.iceberg", Map.of(0, 7L, 1, 3L)));
  }

  @Test
  void aTableTheGroupNeverCommittedToHasNoSinkCommit() {
    commit(Map.of("kafka.connect.offsets.control-iceberg.connect-other", "{\"0\":99}"));

    assertThat(SinkCommit.newest(lineage(), "lake.orders", GROUP)).isEmpty();
  }

  @Test
  void offsetsOfSeveralControlTopicsForTheGroupAreRefused() {
    commit(Map.of(
        "kafka.connect.offsets.a." + GROUP, "{\"0\":1}",
        "kafka.connect.offsets.b." + GROUP, "{\"0\":2}"));

    assertThatThrownBy(() -> SinkCommit.newest(lineage(), "lake.orders", GROUP))
        .isInstanceOf(MinkException.class)
        .hasMessageContaining("carries the offsets of several control topics for group " + GROUP);
  }

  private void commit(Map<String, String> summary) {
    var append = table.newAppend();
    summary.forEach(append::set);
    append.commit();
  }

  private Iterable<Snapshot> lineage() {
    return SnapshotUtil.currentAncestors(table);
  }
}
