package io.mink.lake.commit;

import static java.util.Objects.requireNonNull;

import io.mink.lake.LakeOffsets;
import io.mink.lake.MinkSnapshot;
import io.mink.schema.table.TableSchema;
import java.util.Optional;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.SnapshotRef;
import org.apache.iceberg.TableMetadata;
import org.apache.iceberg.TableOperations;
import org.apache.iceberg.exceptions.CleanableFailure;
import org.apache.iceberg.exceptions.CommitFailedException;

/**
 * Table operations whose commit is a compare-and-set on the lake offsets.
 *
 * <p>The catalog swaps metadata only if {@code base} is still current, so checking the offsets of
 * {@code base} right before the swap checks them against what the catalog holds at commit time.
 * Iceberg retries a commit on a refreshed base after a concurrent change; each retry is checked
 * again, and a mismatch fails with a non-retryable {@link OffsetConflictException}. The hook runs
 * the swap itself, so an epoch fence can refuse it right before it happens; a refusal reaches Iceberg as a
 * {@link SwapRefusedException}, so that Iceberg deletes the manifests it wrote for the refused snapshot.
 *
 * <p>It remembers whether the catalog may have taken the commit: a swap that returned, or failed other than with
 * {@link CommitFailedException} (a lost answer, a catalog that went away mid-request), may have landed.
 */
final class OffsetFencedOperations extends ForwardingTableOperations {
  private final String tableName;
  private final LakeOffsets expected;
  private final CommitHook hook;
  private final Optional<SchemaEvolution> evolution;
  private boolean mayHaveCommitted;
  private boolean swapBegan;

  OffsetFencedOperations(
      TableOperations delegate,
      String tableName,
      LakeOffsets expected,
      CommitHook hook,
      Optional<SchemaEvolution> evolution) {
    super(delegate);
    this.tableName = requireNonNull(tableName, "tableName is null");
    this.expected = requireNonNull(expected, "expected is null");
    this.hook = requireNonNull(hook, "hook is null");
    this.evolution = requireNonNull(evolution, "evolution is null");
  }

  @Override
  public void commit(TableMetadata base, TableMetadata metadata) {
    LakeOffsets actual =
        MinkSnapshot.newest(base).map(MinkSnapshot::offsets).orElse(LakeOffsets.NONE);
    if (!actual.equals(expected)) {
      throw new OffsetConflictException(tableName, expected, actual);
    }
    if (evolution.isPresent()) {
      SchemaEvolution planned = evolution.get();
      if (!TableSchema.of(base).sameAs(planned.from())) {
        throw new SchemaConflictException(tableName, "its schema changed while the round ran");
      }
      if (!metadata.schema().sameSchema(planned.to().schema())) {
        throw new SchemaConflictException(
            tableName, "the committed schema differs from the one the round wrote");
      }
    }
    TableMetadata tagged = withLastRoundTag(metadata);
    swapBegan = false;
    try {
      hook.aroundCatalogSwap(tableName, () -> swap(base, tagged));
    } catch (RuntimeException e) {
      if (swapBegan || e instanceof CleanableFailure) {
        throw e;
      }
      throw new SwapRefusedException(e);
    }
  }

  /**
   * The metadata with the tag {@link MinkSnapshot#LAST_ROUND_TAG} moved to the round's snapshot, in the same swap:
   * every attempt of the commit, Iceberg's retries included, tags the snapshot it commits. A tagged snapshot outlives
   * any engine's expire_snapshots, so the last round's offsets stay readable even when another engine's commits on
   * top of it and an expiry break the lineage in between.
   */
  private static TableMetadata withLastRoundTag(TableMetadata metadata) {
    Snapshot round = metadata.currentSnapshot();
    if (round == null || !MinkSnapshot.isMink(round)) {
      return metadata;
    }
    SnapshotRef tagged = metadata.ref(MinkSnapshot.LAST_ROUND_TAG);
    if (tagged != null && tagged.snapshotId() == round.snapshotId()) {
      return metadata;
    }
    return TableMetadata.buildFrom(metadata)
        .setRef(
            MinkSnapshot.LAST_ROUND_TAG,
            SnapshotRef.tagBuilder(round.snapshotId()).build())
        .build();
  }

  private void swap(TableMetadata base, TableMetadata metadata) {
    swapBegan = true;
    try {
      delegate().commit(base, metadata);
      mayHaveCommitted = true;
    } catch (CommitFailedException e) {
      throw e;
    } catch (RuntimeException e) {
      mayHaveCommitted = true;
      throw e;
    }
  }

  /**
   * Whether a swap of this commit reached the catalog and may have landed: false only when every attempt was
   * refused before the swap or by the catalog's own compare-and-set.
   */
  boolean mayHaveCommitted() {
    return mayHaveCommitted;
  }
}
