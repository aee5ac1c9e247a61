package io.mink.indexer.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The alerting rules in deploy/prometheus: promtool finds them valid and their unit tests pass, every Mink metric
 * they and their tests name is one the sidecar exports, every alert is tested firing, and every alert's runbook
 * link leads to a section of docs/runbook.md. Without promtool on the PATH the promtool checks are skipped, or fail
 * when MINK_REQUIRE_PROMTOOL is set.
 */
class AlertRulesTest {
  private static final Path RUNBOOK =
      Path.of("..", "docs", "runbook.md").toAbsolutePath().normalize();

  @Test
  void promtoolFindsTheRulesValid() {
    Promtool.Run run = promtool()
        .run(AlertRules.FOLDER, "check", "rules", AlertRules.RULES.getFileName().toString());

    assertThat(run.exitCode())
        .as("promtool check rules said:%n%s", run.output())
        .isZero();
  }

  @Test
  void theRulesPassTheirPromtoolTests() {
    Promtool.Run run = promtool()
        .run(AlertRules.FOLDER, "test", "rules", AlertRules.TESTS.getFileName().toString());

    assertThat(run.exitCode()).as("promtool test rules said:%n%s", run.output()).isZero();
    assertThat(run.output()).contains("SUCCESS");
  }

  @Test
  void everyMinkMetricTheRulesNameIsExported() {
    Set<String> exported = exportedMetrics();

    assertThat(AlertRules.metricsOfExpressions())
        .as("the metrics the rules' expressions name, against those /metrics exports: %s", exported)
        .isNotEmpty()
        .isSubsetOf(exported);
  }

  @Test
  void everyMinkMetricTheRuleTestsFeedIsExported() {
    assertThat(AlertRules.metricsOfTestSeries()).isNotEmpty().isSubsetOf(exportedMetrics());
  }

  @Test
  void everyAlertIsTestedFiring() {
    Set<String> alerts = AlertRules.alerts().stream()
        .map(AlertRules.Alert::name)
        .collect(Collectors.toCollection(TreeSet::new));

    assertThat(AlertRules.alertsTestedFiring()).isEqualTo(alerts);
  }

  @Test
  void everyAlertSaysWhatHappenedAndLinksItsRunbookSection() throws IOException {
    Set<String> sections = Files.readAllLines(RUNBOOK).stream()
        .filter(line -> line.startsWith("#"))
        .map(AlertRulesTest::anchor)
        .collect(Collectors.toSet());

    for (AlertRules.Alert alert : AlertRules.alerts()) {
      assertThat(alert.annotations())
          .as(alert.name())
          .containsKeys("summary", "description", "runbook_url")
          .containsEntry("runbook_url", "docs/runbook.md#" + alert.name().toLowerCase(Locale.ROOT));
      assertThat(sections)
          .as("docs/runbook.md has a section %s", alert.name())
          .contains(alert.name().toLowerCase(Locale.ROOT));
    }
  }

  @Test
  void metricNamesAreReadFromExpressionsButNotFromLabelValues() {
    assertThat(AlertRules.minkMetrics(
            "sum by (table) (rate(mink_raw_parts_total{part=\"value\",table=\"mink_x\"}[5m]))"
                + " / on (table) xmink_y + mink_records_total"))
        .containsExactly("mink_raw_parts_total", "mink_records_total");
  }

  /** The names of the families /metrics shows, as their TYPE lines name them (counters with _total). */
  private static Set<String> exportedMetrics() {
    MetricsSnapshot snapshot = StatusFixtures.boardOfTwoTables();
    Set<String> names = PrometheusText.render(snapshot)
        .lines()
        .filter(line -> line.startsWith("# TYPE "))
        .map(line -> line.split(" ")[2])
        .collect(Collectors.toCollection(TreeSet::new));
    assertThat(names)
        .as("the board has a sample in every family, so every family is shown")
        .hasSize(MetricFamilies.of(snapshot).size());
    return names;
  }

  /** A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces as hyphens. */
  private static String anchor(String heading) {
    return heading
        .replaceFirst("^#+\\s*", "")
        .trim()
        .toLowerCase(Locale.ROOT)
        .replaceAll("[^\\p{L}\\p{N} _-]", "")
        .replace(' ', '-');
  }

  private static Promtool promtool() {
    return Promtool.onPath().orElseGet(() -> {
      if (Promtool.required()) {
        fail(Promtool.MISSING + " (" + Promtool.REQUIRE_VARIABLE + " is set, so it must be there)");
      }
      System.out.println("AlertRulesTest skips the promtool checks: " + Promtool.MISSING);
      assumeTrue(false, Promtool.MISSING);
      return null;
    });
  }
}
