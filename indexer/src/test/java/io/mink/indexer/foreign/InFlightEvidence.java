package io.mink.indexer.foreign;

import java.util.ArrayList;
import java.util.List;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.TableMetadata;

/**
 * Whether a Spark statement's commit landed inside a round in flight: between the round's start (its table refresh)
 * and its own commit. Judged from what the table's metadata records, not from the test's intent: the metadata log
 * (each committed metadata file and the one before it), the snapshot log (each change of the current snapshot) and
 * the snapshots' parent ids.
 */
final class InFlightEvidence {
  private InFlightEvidence() {}

  enum Landing {
    /** It committed after the round had started, and the round committed on top of it. */
    INSIDE_ROUND_COMMITTED_ON_TOP,
    /** It committed after the round had started, and the round was refused: its next round plans again. */
    INSIDE_ROUND_REFUSED,
    /** It ran between rounds. */
    BETWEEN_ROUNDS,
    /** It committed nothing: nothing to rewrite, nothing to expire. */
    NO_COMMIT,
    /** The round never reached its commit, so the statement did not run. */
    NOT_RUN,
    /** The logs do not show it inside the round: see the evidence. */
    NOT_SHOWN;

    boolean inside() {
      return this == INSIDE_ROUND_COMMITTED_ON_TOP || this == INSIDE_ROUND_REFUSED;
    }
  }

  /** A judgement and what it rests on. */
  record Verdict(Landing landing, String evidence) {}

  /**
   * The table as a round started: its metadata file, current snapshot (its base), and when.
   */
  record RoundBase(String metadataLocation, long snapshotId, long startMillis) {
    static RoundBase of(TableMetadata metadata, long startMillis) {
      return new RoundBase(
          metadata.metadataFileLocation(), metadata.currentSnapshot().snapshotId(), startMillis);
    }
  }

  /** The table right before and right after the statement ran (inside the round's paused swap). */
  record StatementRun(TableMetadata before, TableMetadata after, long startMillis, String answer) {}

  /**
   * @param roundSnapshotId the snapshot the round committed, or null when it was refused
   * @param end the table's metadata after the round
   */
  static Verdict judge(
      ForeignProcedure procedure,
      RoundBase base,
      StatementRun run,
      Long roundSnapshotId,
      TableMetadata end) {
    String atStatement = run.before().metadataFileLocation();
    if (!atStatement.equals(base.metadataLocation())) {
      return notShown("the table's metadata went from " + base.metadataLocation()
          + " at the round's start to " + atStatement + " before its swap");
    }
    List<String> log = metadataLog(end);
    int baseIndex = log.lastIndexOf(base.metadataLocation());
    Snapshot round = roundSnapshotId == null ? null : end.snapshot(roundSnapshotId);
    String after = run.after().metadataFileLocation();
    if (procedure.effect == ForeignProcedure.Effect.NONE) {
      if (!after.equals(atStatement)) {
        return notShown(procedure.label + " committed metadata " + after);
      }
      if (round == null) {
        return new Verdict(
            Landing.INSIDE_ROUND_REFUSED,
            "it ran while the round on " + atStatement
                + " waited at its swap, and the round was refused");
      }
      if (baseIndex < 0
          || baseIndex + 1 != log.indexOf(end.metadataFileLocation())
          || !Long.valueOf(base.snapshotId()).equals(round.parentId())) {
        return notShown("the round's snapshot " + round.snapshotId() + " (parent "
            + round.parentId() + ") does not follow the round's base metadata "
            + base.metadataLocation() + " in the log " + log);
      }
      return new Verdict(
          Landing.INSIDE_ROUND_COMMITTED_ON_TOP,
          "it ran at " + run.startMillis()
              + " between the round's start at " + base.startMillis()
              + " and its commit of snapshot "
              + round.snapshotId() + " (parent " + round.parentId() + ") on metadata "
              + base.metadataLocation()
              + ", the round's files unreferenced meanwhile");
    }
    if (after.equals(atStatement)) {
      return new Verdict(Landing.NO_COMMIT, "the metadata stayed " + after + ": " + run.answer());
    }
    int statementIndex = log.indexOf(after);
    if (baseIndex < 0 || statementIndex != baseIndex + 1) {
      return notShown("the metadata log " + log + " does not have the statement's metadata " + after
          + " right after the round's base " + base.metadataLocation());
    }
    Snapshot current = run.after().currentSnapshot();
    String snapshotEvidence;
    switch (procedure.effect) {
      case SNAPSHOT -> {
        if (current.snapshotId() == base.snapshotId()
            || !Long.valueOf(base.snapshotId()).equals(current.parentId())
            || current.timestampMillis() < base.startMillis()) {
          return notShown(
              "its snapshot " + current.snapshotId() + " (parent " + current.parentId() + ", at "
                  + current.timestampMillis() + ") is not a child of the round's base "
                  + base.snapshotId()
                  + " made after the round's start at " + base.startMillis());
        }
        snapshotEvidence = "its snapshot " + current.snapshotId() + " has the round's base "
            + base.snapshotId() + " as parent";
      }
      case CURRENT_SNAPSHOT -> {
        if (!snapshotLogHas(end, base.snapshotId(), current.snapshotId(), base.startMillis())) {
          return notShown("the snapshot log " + end.snapshotLog()
              + " does not go from the round's base " + base.snapshotId() + " to "
              + current.snapshotId() + " after " + base.startMillis());
        }
        snapshotEvidence = "the snapshot log goes from the round's base " + base.snapshotId()
            + " to " + current.snapshotId();
      }
      default -> {
        if (current.snapshotId() != base.snapshotId()) {
          return notShown("the current snapshot changed from " + base.snapshotId() + " to "
              + current.snapshotId());
        }
        snapshotEvidence = "the current snapshot stayed the round's base " + base.snapshotId();
      }
    }
    String evidence = "metadata " + after + " follows the round's base " + base.metadataLocation()
        + " in the metadata log; " + snapshotEvidence;
    if (round == null) {
      if (!end.metadataFileLocation().equals(after)) {
        return notShown(
            "the round was refused but the metadata moved on to " + end.metadataFileLocation());
      }
      return new Verdict(Landing.INSIDE_ROUND_REFUSED, evidence + "; the round was refused");
    }
    if (!Long.valueOf(current.snapshotId()).equals(round.parentId())
        || log.indexOf(end.metadataFileLocation()) != statementIndex + 1) {
      return notShown(evidence + ", but the round's snapshot " + round.snapshotId() + " has parent "
          + round.parentId() + " and metadata " + end.metadataFileLocation());
    }
    return new Verdict(
        Landing.INSIDE_ROUND_COMMITTED_ON_TOP,
        evidence + "; the round's snapshot " + round.snapshotId() + " has parent "
            + current.snapshotId() + " and the next metadata");
  }

  private static Verdict notShown(String why) {
    return new Verdict(Landing.NOT_SHOWN, why);
  }

  /** The metadata files of the log, oldest first, then the current one. */
  private static List<String> metadataLog(TableMetadata metadata) {
    List<String> log = new ArrayList<>();
    metadata.previousFiles().forEach(entry -> log.add(entry.file()));
    log.add(metadata.metadataFileLocation());
    return log;
  }

  /** Whether the snapshot log has {@code from} followed at once by {@code to}, made at or after {@code sinceMillis}. */
  private static boolean snapshotLogHas(
      TableMetadata metadata, long from, long to, long sinceMillis) {
    List<org.apache.iceberg.HistoryEntry> entries = metadata.snapshotLog();
    for (int i = 0; i + 1 < entries.size(); i++) {
      if (entries.get(i).snapshotId() == from
          && entries.get(i + 1).snapshotId() == to
          && entries.get(i + 1).timestampMillis() >= sinceMillis) {
        return true;
      }
    }
    return false;
  }
}
