package io.mink.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mink.indexer.errors.MinkException;
import io.mink.query.read.ReadPoint;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class StreamOptionsTest {
  @Test
  void byDefaultAStreamStartsWithTheTableAsItIsNowWithoutALimit() {
    assertThat(StreamOptions.of(Map.of()))
        .isEqualTo(
            new StreamOptions(StreamOptions.Start.NOW, Optional.empty(), OptionalLong.empty()));
  }

  @Test
  void startLatestAtAndTheLimitAreTaken() {
    String token = "v1:s=12:0=3-5";

    assertThat(StreamOptions.of(Map.of("start", " Latest ")).start())
        .isEqualTo(StreamOptions.Start.LATEST);
    assertThat(StreamOptions.of(Map.of("at", token)))
        .isEqualTo(new StreamOptions(
            StreamOptions.Start.AT, Optional.of(ReadPoint.parse(token)), OptionalLong.empty()));
    assertThat(StreamOptions.of(Map.of("max_records_per_trigger", "500")).maxRecordsPerTrigger())
        .hasValue(500);
  }

  @Test
  void wrongOptionsAreRefusedSayingWhatToGive() {
    assertThatThrownBy(() -> StreamOptions.of(Map.of("start", "earliest")))
        .isInstanceOf(MinkException.class)
        .hasMessage(
            "Read option start is \"earliest\": give now (the table as it is, then each new "
                + "record; the default) or latest (only the records produced after the query starts), or "
                + "give at with a read point's token");
    assertThatThrownBy(() -> StreamOptions.of(Map.of("start", "now", "at", "v1:s=none:")))
        .isInstanceOf(MinkException.class)
        .hasMessageStartingWith("Read options start and at are both given");
    assertThatThrownBy(() -> StreamOptions.of(Map.of("mode", "log")))
        .isInstanceOf(MinkException.class)
        .hasMessageStartingWith("Read option mode does not apply to a stream");
    assertThatThrownBy(() -> StreamOptions.of(Map.of("max_records_per_trigger", "0")))
        .isInstanceOf(MinkException.class)
        .hasMessage("Read option max_records_per_trigger is \"0\": give a whole number of offsets, "
            + "at least 1, or leave it out for no limit");
  }
}
