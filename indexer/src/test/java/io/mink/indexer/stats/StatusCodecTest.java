package io.mink.indexer.stats;

import static io.mink.indexer.stats.StatusFixtures.NOW;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class StatusCodecTest {
  @Test
  void statusesSurviveTheTopic() {
    for (TableStatus status :
        new TableStatus[] {StatusFixtures.orders(), StatusFixtures.events()}) {
      PublishedStatus published = new PublishedStatus(status, NOW);

      assertThat(StatusCodec.decode(StatusCodec.encode(published))).isEqualTo(published);
    }
  }

  @Test
  void recordIsVersionedJsonWithLowerCaseStatesAndMilliseconds() throws Exception {
    var node = new ObjectMapper()
        .readTree(StatusCodec.encode(new PublishedStatus(StatusFixtures.orders(), NOW)));

    assertThat(node.get("version").asInt()).isEqualTo(1);
    assertThat(node.get("state").asText()).isEqualTo("tiered");
    assertThat(node.get("publishedAt").asText()).isEqualTo("2026-01-01T12:00:00Z");
    assertThat(node.get("partitions").get(0).get("timeLagMs").asLong()).isEqualTo(5250);
    assertThat(node.get("lastRound").get("durationMs").asLong()).isEqualTo(1200);
    assertThat(node.get("lastRound").get("records").asLong()).isEqualTo(1000);
    assertThat(node.get("freshnessMs").asLong()).isEqualTo(180_000);
  }

  @Test
  void statusOfAnOlderOwnerHasNoFreshnessAndItsRowsStandForRecords() {
    String json = new String(
            StatusCodec.encode(new PublishedStatus(StatusFixtures.orders(), NOW)),
            StandardCharsets.UTF_8)
        .replace("\"freshnessMs\":180000,", "")
        .replace("\"records\":1000,", "");

    TableStatus status =
        StatusCodec.decode(json.getBytes(StandardCharsets.UTF_8)).status();

    assertThat(json).doesNotContain("freshnessMs", "records");
    assertThat(status.freshness()).isNull();
    assertThat(status.lastRound().records()).isEqualTo(1000);
  }

  @Test
  void unknownFieldsArePassedOver() {
    String json = new String(
            StatusCodec.encode(new PublishedStatus(StatusFixtures.events(), NOW)),
            StandardCharsets.UTF_8)
        .replace("{\"version\":1,", "{\"version\":1,\"addedLater\":[1,2],");

    assertThat(StatusCodec.decode(json.getBytes(StandardCharsets.UTF_8)).status())
        .isEqualTo(StatusFixtures.events());
  }

  @Test
  void unreadableRecordsSayWhy() {
    assertThatThrownBy(() -> StatusCodec.decode("nope".getBytes(StandardCharsets.UTF_8)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("not JSON: ");
    assertThatThrownBy(() -> StatusCodec.decode("{\"version\":2}".getBytes(StandardCharsets.UTF_8)))
        .hasMessage("version 2, this Mink reads version 1");
    assertThatThrownBy(() ->
            StatusCodec.decode("{\"version\":1,\"table\":\"t\"}".getBytes(StandardCharsets.UTF_8)))
        .hasMessage("no text field topic");
    String badState = new String(
            StatusCodec.encode(new PublishedStatus(StatusFixtures.events(), NOW)),
            StandardCharsets.UTF_8)
        .replace("\"failed\"", "\"sleeping\"");
    assertThatThrownBy(() -> StatusCodec.decode(badState.getBytes(StandardCharsets.UTF_8)))
        .hasMessage("unknown state 'sleeping'");
  }

  @Test
  void higherEpochWinsThenLaterPublication() {
    PublishedStatus oldOwner = new PublishedStatus(StatusFixtures.orders(), NOW);
    TableStatus moved = new TableStatus(
        "kafka.orders",
        "orders",
        StatusFixtures.orders().state(),
        "host-b:1:ff",
        StatusFixtures.orders().epoch() + (1L << 32),
        null,
        null,
        java.util.List.of(),
        null,
        null,
        java.util.List.of(),
        NOW.minusSeconds(30));
    PublishedStatus newOwner = new PublishedStatus(moved, NOW.minusSeconds(30));

    assertThat(PublishedStatus.newer(oldOwner, newOwner)).isSameAs(newOwner);
    assertThat(PublishedStatus.newer(newOwner, oldOwner)).isSameAs(newOwner);
    PublishedStatus republished = new PublishedStatus(StatusFixtures.orders(), NOW.plusSeconds(10));
    assertThat(PublishedStatus.newer(oldOwner, republished)).isSameAs(republished);
  }

  @Test
  void ownerIsSilentAfterThreePublishIntervals() {
    PublishedStatus published = new PublishedStatus(StatusFixtures.orders(), NOW);

    assertThat(published.silentAt(NOW.plus(Duration.ofSeconds(30)))).isFalse();
    assertThat(published.silentAt(NOW.plus(Duration.ofSeconds(31)))).isTrue();
  }
}
