package io.mink.indexer.redecode;

import static java.util.Objects.requireNonNull;

import io.mink.indexer.decoding.KeptSchema;
import io.mink.indexer.decoding.TableDecoders;
import io.mink.indexer.decoding.TableWriterSchemas;
import io.mink.indexer.errors.MinkException;
import io.mink.indexer.round.RecordParts;
import io.mink.indexer.round.RegistryWaitingParts;
import io.mink.indexer.round.RowBuilder;
import io.mink.lake.LakeOffsets;
import io.mink.lake.MinkSnapshot;
import io.mink.lake.MinkTableLayout;
import io.mink.lake.commit.ConcurrentRewriteException;
import io.mink.lake.commit.LakeCommitter;
import io.mink.lake.commit.OffsetConflictException;
import io.mink.lake.commit.RoundCommit;
import io.mink.lake.commit.SchemaConflictException;
import io.mink.lake.commit.SchemaEvolution;
import io.mink.lake.compaction.Compaction;
import io.mink.lake.compaction.CompactionPlanner;
import io.mink.lake.write.PartitionFileWriter;
import io.mink.lake.write.batch.BatchRow;
import io.mink.lake.write.deletes.CurrentDeletes;
import io.mink.lake.write.deletes.WrittenDeletes;
import io.mink.schema.batch.RowBatch;
import io.mink.schema.decode.MappingOptions;
import io.mink.schema.decode.PartDecoder;
import io.mink.schema.registry.SchemaRef;
import io.mink.schema.table.TableSchema;
import io.mink.tables.TableDescriptor;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.TreeMap;
import java.util.UUID;
import java.util.function.Function;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.DeleteFile;
import org.apache.iceberg.FileContent;
import org.apache.iceberg.HasTableOperations;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableMetadata;
import org.apache.iceberg.data.BaseDeleteLoader;
import org.apache.iceberg.data.DeleteLoader;
import org.apache.iceberg.exceptions.CommitFailedException;
import org.apache.iceberg.io.FileWriterFactory;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code mink table redecode} (docs/operations.md, "Raw rows and redecode"): the raw parts of a table's rows decoded
 * again, once the schema registry knows their schemas or the decoder is fixed. It reads the data files that may hold
 * raw parts ({@link RawFiles}), decodes their raw parts through the round's own row building, learns the schema the
 * decoded parts need, and rewrites only the files where a part decodes now, each into one new file with the same rows
 * in the same order. One snapshot replaces them, with the schema change, compare-and-set on the table's offsets like
 * a round's, which it leaves as they are. A round that commits meanwhile moves the offsets on, and the rewrite is
 * committed again on them; a change of the schema or of the files it rewrites makes it start over.
 */
public final class TableRedecode {
  private static final Logger LOG = LoggerFactory.getLogger(TableRedecode.class);
  /** The redecoded parts in the snapshot summary, by part and previous reason: mink-redecoded.value.unknown-schema. */
  public static final String REDECODED_PROPERTY_PREFIX = "mink-redecoded.";
  /** How many data files the redecode rewrote, in the snapshot summary. */
  public static final String REDECODED_FILES_PROPERTY = "mink-redecoded-files";

  /** How many rounds may commit between the rewrite and its commit before the redecode starts over. */
  private static final int MAX_REBASES = 50;

  private final TableDescriptor descriptor;
  private final Table table;
  private final RecordParts parts;
  private final LakeCommitter committer;
  private final int maxAttempts;
  private final Function<SchemaRef, Optional<KeptSchema>> kept;

  /**
   * @param parts decodes keys and values, as a round's do
   * @param maxAttempts how many times to plan and commit before giving up on rounds that keep committing
   */
  public TableRedecode(
      TableDescriptor descriptor,
      Table table,
      RecordParts parts,
      LakeCommitter committer,
      int maxAttempts) {
    this(descriptor, table, parts, committer, maxAttempts, ref -> Optional.empty());
  }

  /**
   * @param kept the writer schema the table keeps for a ref ({@link TableWriterSchemas}), which tells the previous
   *     reason of its raw parts ({@link PreviousReason#name})
   */
  public TableRedecode(
      TableDescriptor descriptor,
      Table table,
      RecordParts parts,
      LakeCommitter committer,
      int maxAttempts,
      Function<SchemaRef, Optional<KeptSchema>> kept) {
    this.kept = requireNonNull(kept, "kept is null");
    this.descriptor = requireNonNull(descriptor, "descriptor is null");
    this.table = requireNonNull(table, "table is null");
    this.parts = requireNonNull(parts, "parts is null");
    this.committer = requireNonNull(committer, "committer is null");
    this.maxAttempts = maxAttempts;
    if (MinkTableLayout.cdc(descriptor.options()).isPresent()) {
      throw MinkException.user("Table " + descriptor.qualifiedName()
          + " holds change events (--cdc): mink table redecode does not decode them again. Remove the table"
          + " and add it again to index its topic anew");
    }
  }

  /**
   * A redecode whose keys and values are decoded as a round's are, through the writer schemas the table keeps
   * ({@link TableWriterSchemas}) and then the schema registry, an unavailable registry waited out for up to {@code
   * registryWait} from now; past it the redecode fails and commits nothing. Parts whose schemas the table keeps
   * need no registry.
   */
  public static TableRedecode throughRegistry(
      TableDescriptor descriptor,
      Table table,
      PartDecoder decoder,
      LakeCommitter committer,
      Duration registryWait,
      int maxAttempts) {
    MappingOptions options = MinkTableLayout.mappingOptions(descriptor.options());
    TableDecoders.Reading reading = TableDecoders.reading(decoder, table);
    RecordParts parts = new RegistryWaitingParts(
        descriptor.qualifiedName(),
        reading.decoder(),
        options,
        System::nanoTime,
        System.nanoTime() + registryWait.toNanos(),
        wait -> {});
    return new TableRedecode(
        descriptor, table, parts, committer, maxAttempts, reading.schemas()::kept);
  }

  /** Decodes again the raw parts in the scope and commits the rewritten files; nothing when none decodes now. */
  public Redecoded run(RedecodeScope scope) throws InterruptedException {
    long started = System.nanoTime();
    for (int attempt = 1; ; attempt++) {
      try {
        return attempt(scope, attempt, started);
      } catch (OffsetConflictException | SchemaConflictException | ConcurrentRewriteException e) {
        if (attempt >= maxAttempts) {
          throw MinkException.conflict(
              "Table " + descriptor.qualifiedName() + " changed under mink table redecode "
                  + attempt
                  + " times (rounds or another engine committed while it ran): run it again, or with a narrower"
                  + " --partitions or --from-offset so that it finishes between two rounds",
              e);
        }
        LOG.info(
            "Table {} changed while raw rows were decoded again, planning again: {}",
            descriptor.qualifiedName(),
            e.getMessage());
      }
    }
  }

  private Redecoded attempt(RedecodeScope scope, int attempt, long started)
      throws InterruptedException {
    table.refresh();
    TableMetadata metadata = ((HasTableOperations) table).operations().current();
    if (metadata.currentSnapshot() == null) {
      return nothing(0, 0, attempt, started);
    }
    long baseSnapshotId = metadata.currentSnapshot().snapshotId();
    LakeOffsets recorded =
        MinkSnapshot.newest(metadata).map(MinkSnapshot::offsets).orElse(LakeOffsets.NONE);
    TableSchema start = TableSchema.of(metadata);
    CurrentDeletes current = CurrentDeletes.of(table, baseSnapshotId, scope.filter());
    List<DataFile> candidates = current.files().stream()
        .filter(file -> RawFiles.mayHoldRaw(file, start.schema()))
        .toList();
    int untouched = current.files().size() - candidates.size();
    MappingOptions options = MinkTableLayout.mappingOptions(descriptor.options());
    FileRedecoder redecoder = new FileRedecoder(table, descriptor.topic(), scope, kept);
    DeleteLoader loader = new BaseDeleteLoader(file -> table.io().newInputFile(file));

    RowBuilder learning = new RowBuilder(descriptor.qualifiedName(), start, parts, options);
    List<DataFile> changing = new ArrayList<>();
    for (DataFile file : candidates) {
      FileRedecoder.Outcome outcome = redecoder.redecode(
          file, current.positions(file.location(), loader), learning, rows -> {});
      if (outcome.changes()) {
        changing.add(file);
      }
    }
    if (changing.isEmpty()) {
      return nothing(candidates.size(), untouched + candidates.size(), attempt, started);
    }
    checkRewritable(changing, current);

    TableSchema end = learning.current();
    RowBuilder building = new RowBuilder(descriptor.qualifiedName(), end, parts, options);
    String operationId = "redecode-" + UUID.randomUUID();
    Rewrite rewrite = rewrite(changing, current, loader, redecoder, building, operationId);
    if (building.schemaChanged()) {
      rewrite.delete(table);
      throw new SchemaConflictException(
          descriptor.qualifiedName(),
          "the schema registry answered differently while raw rows were decoded");
    }
    Optional<SchemaEvolution> evolution = learning.steps().isEmpty()
        ? Optional.empty()
        : Optional.of(new SchemaEvolution(start, learning.steps(), end));
    MinkSnapshot snapshot = commit(
        recorded,
        evolution.isPresent() ? start : null,
        offsets -> new RoundCommit(
            operationId,
            offsets,
            offsets,
            List.of(),
            summary(rewrite),
            evolution,
            new Compaction(changing, rewrite.added()),
            new WrittenDeletes(List.of(), rewrite.droppedDeletes(), List.of(), 0),
            baseSnapshotId),
        rewrite);
    Redecoded done = new Redecoded(
        descriptor.qualifiedName(),
        OptionalLong.of(snapshot.snapshotId()),
        rewrite.redecoded(),
        candidates.size(),
        changing.size(),
        untouched + candidates.size() - changing.size(),
        attempt,
        since(started));
    LOG.info(
        "Decoded {} raw parts of {} again ({}): {} data files rewritten, {} read, snapshot {}",
        done.parts(),
        descriptor.qualifiedName(),
        done.redecoded(),
        done.filesRewritten(),
        done.filesRead(),
        snapshot.snapshotId());
    return done;
  }

  /**
   * Commits the rewrite on the table's offsets. A round that committed since the table was read moved them on (the
   * catalog refuses the swap, or the offsets fence does): the rewrite is committed again on the new offsets, as its rows are still the rows of those files, which Iceberg
   * checks ({@link WrittenDeletes#addTo}: no file it removes was removed or got deletes since). Any other change
   * drops the rewrite, its files deleted, and the redecode starts over: so does a change of the schema when the
   * rewrite adds columns, whose field ids would no longer be the table's.
   *
   * <p>The schema change is applied to the table as the commit finds it, so a round that added the same columns first
   * makes it refuse them (IllegalArgumentException) before any swap.
   *
   * @param evolvedFrom the schema the rewrite's schema change starts from; null when it changes none
   */
  private MinkSnapshot commit(
      LakeOffsets recorded,
      TableSchema evolvedFrom,
      Function<LakeOffsets, RoundCommit> commitOn,
      Rewrite rewrite) {
    LakeOffsets offsets = recorded;
    for (int rebased = 0; ; rebased++) {
      try {
        return committer.commitKeepingFiles(table, commitOn.apply(offsets));
      } catch (SchemaConflictException | ConcurrentRewriteException e) {
        rewrite.delete(table);
        throw e;
      } catch (IllegalArgumentException e) {
        table.refresh();
        TableMetadata now = ((HasTableOperations) table).operations().current();
        if (evolvedFrom == null || TableSchema.of(now).sameAs(evolvedFrom)) {
          throw e;
        }
        rewrite.delete(table);
        throw new SchemaConflictException(
            descriptor.qualifiedName(),
            "a round changed its schema before the columns of the raw rows decoded again could be added ("
                + e.getMessage() + ")");
      } catch (OffsetConflictException | CommitFailedException e) {
        if (rebased >= MAX_REBASES) {
          rewrite.delete(table);
          throw e;
        }
        table.refresh();
        TableMetadata now = ((HasTableOperations) table).operations().current();
        if (evolvedFrom != null && !TableSchema.of(now).sameAs(evolvedFrom)) {
          rewrite.delete(table);
          throw new SchemaConflictException(
              descriptor.qualifiedName(),
              "a round changed its schema while raw rows were decoded again");
        }
        offsets = MinkSnapshot.newest(now).map(MinkSnapshot::offsets).orElse(LakeOffsets.NONE);
        LOG.debug(
            "Another commit landed on {} while its raw rows were decoded again: committing on offsets {}",
            descriptor.qualifiedName(),
            offsets);
      }
    }
  }

  /** The rewritten files: each changing file's live rows, with the parts that decode now, in one new file. */
  private Rewrite rewrite(
      List<DataFile> changing,
      CurrentDeletes current,
      DeleteLoader loader,
      FileRedecoder redecoder,
      RowBuilder building,
      String operationId)
      throws InterruptedException {
    Schema schema = building.current().schema();
    FileWriterFactory<BatchRow> factory = PartitionFileWriter.writerFactory(table, schema);
    Map<String, Long> redecoded = new TreeMap<>();
    List<DataFile> added = new ArrayList<>();
    List<DeleteFile> dropped = new ArrayList<>();
    try {
      for (DataFile file : changing) {
        int kafkaPartition = CompactionPlanner.kafkaPartition(file).orElseThrow();
        PartitionFileWriter writer = PartitionFileWriter.open(
            table, schema, factory, operationId, kafkaPartition, Long.MAX_VALUE);
        try {
          FileRedecoder.Outcome outcome = redecoder.redecode(
              file, current.positions(file.location(), loader), building, rows -> {
                try (RowBatch batch = RowBatch.of(schema, rows)) {
                  writer.write(batch);
                }
              });
          outcome.redecoded().forEach((part, count) -> redecoded.merge(part, count, Long::sum));
          added.addAll(writer.complete());
        } catch (InterruptedException | RuntimeException e) {
          writer.abort();
          throw e;
        }
        current.of(file.location()).stream()
            .filter(CurrentDeletes::scopedToOneFile)
            .forEach(dropped::add);
      }
    } catch (InterruptedException | RuntimeException e) {
      new Rewrite(added, dropped, redecoded).delete(table);
      throw e;
    }
    return new Rewrite(added, dropped, redecoded);
  }

  /** A rewrite's new files, the delete files of the old ones alone, and the parts it decoded. */
  private record Rewrite(
      List<DataFile> added, List<DeleteFile> droppedDeletes, Map<String, Long> redecoded) {
    void delete(Table table) {
      added.forEach(file -> table.io().deleteFile(file.location()));
    }
  }

  /**
   * Refuses files a rewrite would change the rows of: equality deletes (another engine's) apply by sequence number,
   * so the rows of a rewritten file would escape them; and a file of several Kafka partitions has no one partition
   * to write to.
   */
  private void checkRewritable(List<DataFile> changing, CurrentDeletes current) {
    for (DataFile file : changing) {
      boolean equalityDeletes = current.of(file.location()).stream()
          .anyMatch(delete -> delete.content() == FileContent.EQUALITY_DELETES);
      if (equalityDeletes) {
        throw MinkException.conflict(
            "Data file " + file.location() + " of table "
                + descriptor.qualifiedName()
                + " has equality deletes of another engine, which a rewrite would"
                + " escape: compact the table with that engine first (rewrite_data_files), then redecode");
      }
      OptionalInt partition = CompactionPlanner.kafkaPartition(file);
      if (partition.isEmpty()) {
        throw MinkException.conflict("Data file " + file.location() + " of table "
            + descriptor.qualifiedName()
            + " holds rows of several Kafka partitions, or has no column"
            + " statistics: Mink redecodes only files of one partition. Compact the table"
            + " (rewrite_data_files), or narrow the redecode with --partitions or --from-offset");
      }
    }
  }

  private Map<String, String> summary(Rewrite rewrite) {
    Map<String, String> summary = new HashMap<>();
    summary.put(MinkSnapshot.TOPIC_PROPERTY, descriptor.topic());
    summary.put(MinkSnapshot.ROUND_ROWS_PROPERTY, "0");
    summary.put(REDECODED_FILES_PROPERTY, Integer.toString(rewrite.added().size()));
    rewrite
        .redecoded()
        .forEach(
            (part, count) -> summary.put(REDECODED_PROPERTY_PREFIX + part, Long.toString(count)));
    return summary;
  }

  private Redecoded nothing(int read, int untouched, int attempt, long started) {
    return new Redecoded(
        descriptor.qualifiedName(),
        OptionalLong.empty(),
        Map.of(),
        read,
        0,
        untouched,
        attempt,
        since(started));
  }

  private static Duration since(long startedNanos) {
    return Duration.ofNanos(System.nanoTime() - startedNanos);
  }
}
