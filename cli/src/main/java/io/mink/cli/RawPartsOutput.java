package io.mink.cli;

import static java.util.Objects.requireNonNull;

import io.mink.cli.read.RowsWriter;
import io.mink.indexer.errors.MinkException;
import io.mink.indexer.redecode.RawPartReasons;
import io.mink.query.read.ReadResult;
import io.mink.schema.batch.RowBatch;
import io.mink.schema.registry.RegistryUnavailableException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.iceberg.data.Record;

/**
 * {@code mink read TABLE --raw}: the raw parts of the rows a read returns, one row per part with the reason the
 * decoder gives it now ({@link RawPartReasons}), at most {@code limit} of them.
 */
final class RawPartsOutput {
  private final RawPartReasons reasons;
  private final Long limit;

  /** @param limit the most parts to print; null for all */
  RawPartsOutput(RawPartReasons reasons, Long limit) {
    this.reasons = requireNonNull(reasons, "reasons is null");
    this.limit = limit;
  }

  /** Prints the raw parts of the result's rows and returns how many it printed. */
  long write(ReadResult result, RowsWriter writer) throws IOException {
    writer.begin(RawPartReasons.SCHEMA, ReadReport.metadata(result));
    long printed = 0;
    while (result.batches().hasNext() && (limit == null || printed < limit)) {
      List<Record> parts = new ArrayList<>();
      try (RowBatch batch = result.batches().next()) {
        for (Record row : batch.toRecords()) {
          parts.addAll(reasons.of(batch.schema(), row));
        }
      } catch (RegistryUnavailableException e) {
        throw MinkException.external(
            "The schema registry does not answer, so the reasons of the raw rows of "
                + result.table() + " cannot be given: run the read again when it answers ("
                + e.getMessage() + ")",
            e);
      }
      if (limit != null && printed + parts.size() > limit) {
        parts = parts.subList(0, (int) (limit - printed));
      }
      if (!parts.isEmpty()) {
        try (RowBatch out = RowBatch.of(RawPartReasons.SCHEMA, parts)) {
          writer.write(out);
        }
        printed += parts.size();
      }
    }
    writer.finish();
    return printed;
  }
}
