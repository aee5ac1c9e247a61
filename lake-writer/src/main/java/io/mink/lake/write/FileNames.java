package io.mink.lake.write;

import static java.util.Objects.requireNonNull;

import java.time.Clock;
import java.util.UUID;
import org.apache.iceberg.FileFormat;
import org.apache.iceberg.Table;
import org.apache.iceberg.io.OutputFileFactory;

/**
 * Names the files of one writer: data, delete and Puffin files alike. A name is unique by construction, never by the
 * clock: each writer gets an operation id of its own, the operation's name (a round id, say) and a random UUID, and
 * Iceberg's {@link OutputFileFactory} counts the files of that writer. Files are then opened with create, not
 * overwrite, so that a name met twice fails loudly instead of replacing data.
 *
 * <p>A name reads {@code <partition>-<opened at, epoch ms>-<operation>-<writer uuid>-<n>.<format>}; the time is there
 * for people reading a listing, and plays no part in keeping names apart.
 */
public final class FileNames {
  private FileNames() {}

  /**
   * The files of one writer.
   *
   * @param partitionId the Kafka partition the files hold, or 0 for files of many
   * @param operation what writes them, such as the round's id, or {@code compaction-<round id>}
   */
  public static OutputFileFactory forWriter(
      Table table, int partitionId, String operation, FileFormat format) {
    return forWriter(table, partitionId, operation, format, Clock.systemUTC());
  }

  static OutputFileFactory forWriter(
      Table table, int partitionId, String operation, FileFormat format, Clock clock) {
    requireNonNull(operation, "operation is null");
    return OutputFileFactory.builderFor(table, partitionId, clock.millis())
        .format(format)
        .operationId(operation + "-" + UUID.randomUUID())
        .build();
  }
}
