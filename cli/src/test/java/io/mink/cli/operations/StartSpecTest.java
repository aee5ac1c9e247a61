package io.mink.cli.operations;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mink.indexer.errors.MinkException;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;

class StartSpecTest {
  @Test
  void namedStartsAreTakenInAnyCase() {
    assertThat(StartSpec.parse("earliest")).isEqualTo(new StartSpec.Earliest());
    assertThat(StartSpec.parse(" LATEST ")).isEqualTo(new StartSpec.Latest());
  }

  @Test
  void timesAreInstantsOffsetTimesOrDaysInUtc() {
    assertThat(StartSpec.parse("2026-12-01T08:00:00Z"))
        .isEqualTo(new StartSpec.AtTime(Instant.parse("2026-12-01T08:00:00Z")));
    assertThat(StartSpec.parse("2026-12-01T09:00+01:00"))
        .isEqualTo(new StartSpec.AtTime(Instant.parse("2026-12-01T08:00:00Z")));
    assertThat(StartSpec.parse("2026-12-01"))
        .isEqualTo(new StartSpec.AtTime(Instant.parse("2026-12-01T00:00:00Z")));
  }

  @Test
  void offsetsArePartitionColonOffsetPairs() {
    assertThat(StartSpec.parse("0:1200, 1:1180"))
        .isEqualTo(new StartSpec.AtOffsets(Map.of(0, 1200L, 1, 1180L)));
  }

  @Test
  void anythingElseIsAUsageErrorThatListsTheForms() {
    for (String bad : new String[] {"yesterday", "0:12,x", "0:-1", "2026-13-01", "12"}) {
      assertThatThrownBy(() -> StartSpec.parse(bad))
          .as(bad)
          .isInstanceOf(MinkException.class)
          .hasMessageStartingWith("Invalid --from '" + bad + "': use earliest, latest, a time");
    }
    assertThatThrownBy(() -> StartSpec.parse("0:1,0:2"))
        .hasMessage("Invalid --from '0:1,0:2': partition 0 is named twice");
  }
}
