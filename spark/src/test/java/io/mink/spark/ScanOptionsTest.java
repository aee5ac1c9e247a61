package io.mink.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mink.indexer.errors.MinkException;
import io.mink.query.read.ReadMode;
import io.mink.query.read.ReadPoint;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ScanOptionsTest {
  @Test
  void withoutOptionsTheReadIsTheUnionReadNow() {
    assertThat(ScanOptions.request(Map.of()).mode()).isEqualTo(ReadMode.union);
    assertThat(ScanOptions.request(Map.of()).at()).isEmpty();
  }

  @Test
  void modeAndAtAreTakenAsMinkReadTakesThem() {
    String token = "v1:s=12:0=3-5,1=1-1";

    var request = ScanOptions.request(Map.of("mode", "Log", "at", token));

    assertThat(request.mode()).isEqualTo(ReadMode.log);
    assertThat(request.at()).contains(ReadPoint.parse(token));
  }

  @Test
  void tailSplitRecordsIsAWholeNumberOfOffsets() {
    assertThat(ScanOptions.tailSplitRecords(Map.of())).isEqualTo(1_000_000);
    assertThat(ScanOptions.tailSplitRecords(Map.of("tail_split_records", "500")))
        .isEqualTo(500);
    assertThatThrownBy(() -> ScanOptions.tailSplitRecords(Map.of("tail_split_records", "0")))
        .isInstanceOf(MinkException.class)
        .hasMessage(
            "Read option tail_split_records is \"0\": give a whole number of offsets, at least 1 "
                + "(default 1000000)");
  }

  @Test
  void anUnknownModeOrABadTokenSaysWhatToGive() {
    assertThatThrownBy(() -> ScanOptions.request(Map.of("mode", "kafka")))
        .isInstanceOf(MinkException.class)
        .hasMessage("Read option mode is \"kafka\": give one of union, lake, log");
    assertThatThrownBy(() -> ScanOptions.request(Map.of("at", "v2:x")))
        .isInstanceOf(MinkException.class)
        .hasMessage(
            "Invalid read point \"v2:x\": it is not of the form v1:s=SNAPSHOT:P=FROM-TO,P=FROM-TO. "
                + "Give the token a read printed on stderr after \"Read point:\", or the one in the Spark "
                + "scan's description");
  }
}
