package io.mink.lake.maintenance;

import static org.assertj.core.api.Assertions.assertThat;

import io.mink.lake.MinkTableLayout;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class MaintenancePolicyTest {
  private static final Duration THREE_MINUTES = Duration.ofMinutes(3);

  @Test
  void aTableMinkCreatedFollowsItsPropertiesAndLosesOrphansAfterThreeDays() {
    MaintenancePolicy policy = MaintenancePolicy.of(
        MinkTableLayout.properties("orders", null, 1024, Map.of("snapshot-retention", "6h")),
        THREE_MINUTES);

    assertThat(policy)
        .isEqualTo(
            new MaintenancePolicy(true, Duration.ofHours(6), 1, Optional.of(Duration.ofDays(3))));
  }

  @Test
  void aTableMinkCreatedBeforeRetentionExistedKeepsAnHour() {
    assertThat(
            MaintenancePolicy.of(Map.of("mink.topic", "orders"), THREE_MINUTES).retention())
        .isEqualTo(Duration.ofHours(1));
  }

  @Test
  void orphansWaitForTwiceTheFreshnessWhenThatIsLonger() {
    assertThat(MaintenancePolicy.of(Map.of(), Duration.ofDays(2)).orphanAge())
        .hasValue(Duration.ofDays(4));
  }

  @Test
  void anAttachedTableKeepsIcebergsDefaultAgeAndItsUnreferencedFiles() {
    MaintenancePolicy policy = MaintenancePolicy.of(
        Map.of("mink.attach", "true", "history.expire.min-snapshots-to-keep", "5"), THREE_MINUTES);

    assertThat(policy)
        .isEqualTo(new MaintenancePolicy(true, Duration.ofDays(5), 5, Optional.empty()));
  }

  @Test
  void aTableWhoseFilesMayBeSharedLosesNothing() {
    MaintenancePolicy policy = MaintenancePolicy.of(Map.of("gc.enabled", "false"), THREE_MINUTES);

    assertThat(policy.gcEnabled()).isFalse();
    assertThat(policy.orphanAge()).isEmpty();
  }
}
