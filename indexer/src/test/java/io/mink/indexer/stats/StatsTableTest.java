package io.mink.indexer.stats;

import static io.mink.indexer.stats.StatusFixtures.NOW;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class StatsTableTest {
  @Test
  void tablesArePrintedInAlignedColumnsWithPartitionsAndNotesIndented() {
    String text = StatsTable.render(
        List.of(
            ReportFixtures.silentWithGap(),
            ReportFixtures.tiered(),
            ReportFixtures.unowned(),
            ReportFixtures.missing()),
        NOW);

    assertThat(text).isEqualTo("""
        TABLE           STATE    OWNER               EPOCH  LAST TIERED  NEXT DUE  LAKE  END   OFFSET LAG  TIME LAG  LAST ROUND
        kafka.events    failed   host-a:4242:ab12cd  4      2h ago       -                     500         3m        -
          partition 0                                                              0     500   500         3m
          silent owner: host-a:4242:ab12cd last published this status 1m 35s ago; it may be down, and Kafka moves its tables to another instance after the session timeout
          error: Records [0, 200) of partition 0 of topic events were deleted by Kafka before they were indexed
          gap: partition 0 offsets [0, 200) were deleted by Kafka before they were indexed; mink table resume kafka.events --accept-gap goes on past them
        kafka.orders    tiered   host-a:4242:ab12cd  7      12s ago      in 2m                 100         5.2s      1000 rows, 2.1 MiB, 2 files in 1.2s
          partition 0                                                              1200  1300  100         5.2s
          partition 1                                                              800   800   0           0s
          raw parts in the last round: value.undecodable-bytes 12
        kafka.payments  unowned  -                   -      never        -                     30          1m 5s     -
          partition 0                                                              -     30    30          1m 5s
        kafka.refunds   missing  -                   -      1h ago       -                     -           -         -
          missing since 3m ago: topic refunds no longer exists in Kafka; indexing goes on when the topic is back
          warning: Spark cannot read this table: column pickup is of Iceberg type time
        """);
  }

  @Test
  void noTablesSaysHowToAddOne() {
    assertThat(StatsTable.render(List.of(), NOW))
        .isEqualTo("No tables are added: add one with mink table add TOPIC\n");
  }

  @Test
  void lastRoundSaysNothingNewAndForceFinished() {
    assertThat(StatsTable.lastRound(
            new RoundSummary(NOW, false, 0, 0, 0, 0, Duration.ofMillis(300), false, Map.of())))
        .isEqualTo("nothing new in 0.3s");
    assertThat(StatsTable.lastRound(
            new RoundSummary(NOW, true, 1, 1, 700, 1, Duration.ofMinutes(3), true, Map.of())))
        .isEqualTo("1 row, 700 B, 1 file in 3m, force-finished");
  }

  @Test
  void bytesUseBinaryUnits() {
    assertThat(StatsTable.bytes(1023)).isEqualTo("1023 B");
    assertThat(StatsTable.bytes(1024)).isEqualTo("1.0 KiB");
    assertThat(StatsTable.bytes(12_595)).isEqualTo("12.3 KiB");
    assertThat(StatsTable.bytes(3L << 30)).isEqualTo("3.0 GiB");
  }
}
