package io.mink.indexer.foreign;

import io.mink.indexer.foreign.ProducedRecords.Produced;
import io.mink.indexer.foreign.TableHistory.Facts;
import io.mink.indexer.foreign.TableHistory.RowId;
import io.mink.indexer.testing.UpsertWalk;
import io.mink.schema.KafkaColumns;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import org.apache.iceberg.ContentFile;
import org.apache.iceberg.FileContent;
import org.apache.iceberg.ManifestContent;
import org.apache.iceberg.ManifestFile;
import org.apache.iceberg.ManifestFiles;
import org.apache.iceberg.ManifestReader;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.Table;
import org.apache.iceberg.data.IcebergGenerics;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.iceberg.io.FileIO;
import org.apache.iceberg.io.InputFile;

/**
 * Checks every snapshot of a table's current metadata against the {@link TableHistory} model with Iceberg's generic
 * reader, which applies position deletes and deletion vectors as every engine must.
 *
 * <p>A snapshot's content is fixed once committed: its manifest list, manifests and files are immutable, and Mink and
 * Spark open every file to create it. So each snapshot is read whole once, when it first appears, and after that,
 * at every check, only the existence of every file it references (manifest list, manifests, data and delete files)
 * and each data file's size are checked again: those are what expiry, orphan removal or a file written over could
 * change. {@link #checkAll} reads every snapshot again, whole.
 */
final class SnapshotCheck {
  private static final int SHOWN = 12;

  /** A file a manifest lists: where, how large, and whether data or deletes. */
  private record Listed(String location, long size, FileContent content) {}

  private final TableHistory history;
  private final boolean upsert;
  private final Set<Long> read = new HashSet<>();
  private final Map<Long, List<ManifestFile>> manifestLists = new HashMap<>();
  private final Map<String, List<Listed>> manifests = new HashMap<>();
  private long snapshotsRead;

  SnapshotCheck(TableHistory history, boolean upsert) {
    this.history = history;
    this.upsert = upsert;
  }

  /** The problems of the table's snapshots: each not read before is read whole, every one's files looked up. */
  List<String> check(Table table) {
    return check(table, false);
  }

  /** Like {@link #check(Table)}, reading every snapshot whole again. */
  List<String> checkAll(Table table) {
    return check(table, true);
  }

  private synchronized List<String> check(Table table, boolean all) {
    List<String> problems = new ArrayList<>();
    for (Snapshot snapshot : table.snapshots()) {
      Facts facts = history.facts(snapshot.snapshotId());
      if (all || !read.contains(snapshot.snapshotId())) {
        Differences differences = compare(history.expected(facts), readRows(table, snapshot));
        if (!differences.problems().isEmpty()) {
          problems.addAll(prefixed(facts, differences.problems()));
          problems.addAll(FailureDetails.lineage(table, snapshot));
          problems.addAll(FailureDetails.removedFiles(table, snapshot));
          problems.addAll(FailureDetails.whereRowsAre(table, snapshot, differences.suspects()));
        }
        read.add(snapshot.snapshotId());
        snapshotsRead++;
      }
      problems.addAll(prefixed(facts, missingFiles(table, snapshot)));
    }
    return problems;
  }

  /** How many times a snapshot was read whole. */
  synchronized long snapshotsRead() {
    return snapshotsRead;
  }

  private static List<String> prefixed(Facts facts, List<String> problems) {
    return problems.stream().map(problem -> facts + ": " + problem).toList();
  }

  /** What differs, and the rows concerned. */
  record Differences(List<String> problems, List<RowId> suspects) {}

  /** A row as read: the record it claims to come from, and its key and value. */
  record ReadRow(RowId id, String key, String value) {}

  static List<ReadRow> readRows(Table table, Snapshot snapshot) {
    List<ReadRow> rows = new ArrayList<>();
    try (CloseableIterable<Record> records = IcebergGenerics.read(table)
        .useSnapshot(snapshot.snapshotId())
        .select(KafkaColumns.PARTITION, KafkaColumns.OFFSET, KafkaColumns.KEY, KafkaColumns.VALUE)
        .build()) {
      for (Record record : records) {
        rows.add(new ReadRow(
            new RowId((Integer) record.getField(KafkaColumns.PARTITION), (Long)
                record.getField(KafkaColumns.OFFSET)),
            text(record.getField(KafkaColumns.KEY)),
            text(record.getField(KafkaColumns.VALUE))));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return rows;
  }

  /**
   * What differs between the rows the model expects and the rows read: rows missing (as offset ranges), rows that
   * should not be there, rows twice, rows whose key or value is another record's, and (upsert) keys twice.
   */
  Differences compare(Map<RowId, Produced> expected, List<ReadRow> rows) {
    List<String> problems = new ArrayList<>();
    Map<RowId, ReadRow> seen = new TreeMap<>();
    List<String> twice = new ArrayList<>();
    List<String> extra = new ArrayList<>();
    List<String> wrong = new ArrayList<>();
    Map<String, RowId> keys = new HashMap<>();
    List<String> keysTwice = new ArrayList<>();
    List<RowId> suspects = new ArrayList<>();
    for (ReadRow row : rows) {
      if (seen.put(row.id(), row) != null) {
        twice.add(row.id().toString());
        suspects.add(row.id());
        continue;
      }
      Produced want = expected.get(row.id());
      if (want == null) {
        extra.add(row.id() + " (" + row.key() + "=" + row.value() + ")");
        suspects.add(row.id());
      } else if (!Objects.equals(want.key(), row.key())
          || !Objects.equals(want.value(), row.value())) {
        wrong.add(row.id() + " reads " + row.key() + "=" + row.value() + ", Kafka has " + want.key()
            + "=" + want.value());
        suspects.add(row.id());
      }
      if (upsert) {
        RowId other = keys.put(row.id().partition() + "/" + row.key(), row.id());
        if (other != null) {
          keysTwice.add(row.key() + " at " + other + " and " + row.id());
          suspects.add(other);
          suspects.add(row.id());
        }
      }
    }
    List<RowId> missing = new ArrayList<>();
    for (RowId id : expected.keySet()) {
      if (!seen.containsKey(id)) {
        missing.add(id);
      }
    }
    suspects.addAll(missing);
    add(problems, "rows missing", ranges(missing), missing.size());
    add(
        problems,
        "rows that must not be there (deleted, replaced, rolled back or never tiered)",
        extra,
        extra.size());
    add(problems, "rows read twice", twice, twice.size());
    add(problems, "rows with another record's key or value", wrong, wrong.size());
    add(problems, "keys twice", keysTwice, keysTwice.size());
    return new Differences(problems, suspects.stream().distinct().toList());
  }

  private static void add(List<String> problems, String what, List<String> items, int count) {
    if (count > 0) {
      problems.add(count + " " + what + ": "
          + String.join(", ", items.subList(0, Math.min(SHOWN, items.size())))
          + (items.size() > SHOWN ? ", ..." : ""));
    }
  }

  /** Row ids as partition@[from, to) ranges of consecutive offsets. */
  private static List<String> ranges(List<RowId> ids) {
    List<String> ranges = new ArrayList<>();
    int i = 0;
    while (i < ids.size()) {
      int j = i;
      while (j + 1 < ids.size()
          && ids.get(j + 1).partition() == ids.get(i).partition()
          && ids.get(j + 1).offset() == ids.get(j).offset() + 1) {
        j++;
      }
      RowId first = ids.get(i);
      ranges.add(
          j == i
              ? first.toString()
              : first.partition() + "@[" + first.offset() + ", " + (ids.get(j).offset() + 1) + ")");
      i = j + 1;
    }
    return ranges;
  }

  /** The files the snapshot references that are gone, or (data files) not the size the manifest says. */
  private List<String> missingFiles(Table table, Snapshot snapshot) {
    List<String> problems = new ArrayList<>();
    FileIO io = table.io();
    if (snapshot.manifestListLocation() != null && !exists(io, snapshot.manifestListLocation())) {
      problems.add("its manifest list " + snapshot.manifestListLocation() + " is gone");
      return problems;
    }
    for (ManifestFile manifest : manifestLists.computeIfAbsent(
        snapshot.snapshotId(), id -> List.copyOf(snapshot.allManifests(io)))) {
      if (!exists(io, manifest.path())) {
        problems.add("its manifest " + manifest.path() + " is gone");
        continue;
      }
      for (Listed file :
          manifests.computeIfAbsent(manifest.path(), path -> listed(table, manifest))) {
        InputFile input = io.newInputFile(file.location());
        if (!input.exists()) {
          problems.add("its " + file.content() + " file " + file.location() + " is gone");
        } else if (file.content() == FileContent.DATA && input.getLength() != file.size()) {
          problems.add("its data file " + file.location() + " has " + input.getLength()
              + " bytes, its manifest says " + file.size());
        }
      }
    }
    return problems;
  }

  private static List<Listed> listed(Table table, ManifestFile manifest) {
    List<Listed> files = new ArrayList<>();
    try (ManifestReader<? extends ContentFile<?>> reader =
        manifest.content() == ManifestContent.DATA
            ? ManifestFiles.read(manifest, table.io(), table.specs())
            : ManifestFiles.readDeleteManifest(manifest, table.io(), table.specs())) {
      for (ContentFile<?> file : reader) {
        files.add(new Listed(file.location(), file.fileSizeInBytes(), file.content()));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return List.copyOf(files);
  }

  private static boolean exists(FileIO io, String location) {
    return io.newInputFile(location).exists();
  }

  private static String text(Object buffer) {
    byte[] bytes = UpsertWalk.bytes(buffer);
    return bytes == null ? null : new String(bytes, StandardCharsets.UTF_8);
  }
}
