package io.mink.bench.tiering;

import static java.util.Objects.requireNonNull;

import io.mink.lake.LakeOffsets;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A round the sidecar committed, as its log says it (TieringService: {@code Committed kafka.t: 1000 rows,
 * 2 files, 12345 bytes in 812 ms; offsets {"0":500,"1":500}}). The offsets match the round's Mink
 * snapshot, whose commit time then tells when the round started: that time minus the duration.
 *
 * @param instance which sidecar of the run printed it, from 1
 * @param receivedAtMillis when the benchmark read the line
 */
record CommitLine(
    int instance,
    String table,
    long rows,
    long bytes,
    long durationMillis,
    boolean forceFinished,
    LakeOffsets offsets,
    long receivedAtMillis) {
  private static final Pattern COMMITTED = Pattern.compile(
      "Committed (\\S+): (\\d+) rows, \\d+ files, (\\d+) bytes in (\\d+) ms(.*?); offsets (\\{.*})\\s*$");

  CommitLine {
    requireNonNull(table, "table is null");
    requireNonNull(offsets, "offsets is null");
  }

  /** The commit a sidecar log line reports, if it reports one. */
  static Optional<CommitLine> parse(int instance, String line, long receivedAtMillis) {
    Matcher matcher = COMMITTED.matcher(line);
    if (!matcher.find()) {
      return Optional.empty();
    }
    return Optional.of(new CommitLine(
        instance,
        matcher.group(1),
        Long.parseLong(matcher.group(2)),
        Long.parseLong(matcher.group(3)),
        Long.parseLong(matcher.group(4)),
        matcher.group(5).contains("force-finished"),
        LakeOffsets.decode(matcher.group(6)),
        receivedAtMillis));
  }
}
