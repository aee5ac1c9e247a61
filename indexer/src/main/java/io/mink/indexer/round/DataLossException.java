package io.mink.indexer.round;

import io.mink.indexer.errors.ErrorCategory;
import io.mink.indexer.errors.MinkException;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Kafka's retention deleted records before Mink indexed them. The table stops with the exact
 * missing ranges; it never skips them silently.
 */
public class DataLossException extends MinkException {
  private final List<OffsetGap> gaps;

  public DataLossException(String table, String topic, List<OffsetGap> gaps) {
    super(
        ErrorCategory.DATA_LOSS,
        "Table " + table + " cannot go on: Kafka deleted records of topic " + topic
            + " before they were indexed ("
            + gaps.stream().map(OffsetGap::toString).collect(Collectors.joining("; "))
            + "). Raise the topic's retention.ms or make rounds more frequent; the table waits for an operator "
            + "to accept the gap");
    this.gaps = List.copyOf(gaps);
  }

  public List<OffsetGap> gaps() {
    return gaps;
  }
}
