package io.mink.indexer.stats;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * deploy/prometheus/mink-rules.yml and its promtool tests, read for what the checks compare: each alert's
 * expression and annotations, the Mink metrics the expressions and the tests' input series name, and the alerts
 * the tests expect to fire.
 */
final class AlertRules {
  /** A Mink metric name in PromQL: mink_ and word characters, not inside a longer name. */
  private static final Pattern MINK_METRIC = Pattern.compile("(?<![\\w:])mink_[A-Za-z0-9_]+");

  /** The folder of the rules, from the indexer module's folder, where the tests run. */
  static final Path FOLDER =
      Path.of("..", "deploy", "prometheus").toAbsolutePath().normalize();

  static final Path RULES = FOLDER.resolve("mink-rules.yml");
  static final Path TESTS = FOLDER.resolve("mink-rules.test.yml");

  record Alert(String name, String expr, Map<String, String> annotations) {}

  private AlertRules() {}

  static List<Alert> alerts() {
    List<Alert> alerts = new ArrayList<>();
    for (JsonNode group : read(RULES).path("groups")) {
      for (JsonNode rule : group.path("rules")) {
        if (!rule.has("alert")) {
          continue;
        }
        Map<String, String> annotations = new LinkedHashMap<>();
        rule.path("annotations")
            .properties()
            .forEach(entry -> annotations.put(entry.getKey(), entry.getValue().asText()));
        alerts.add(new Alert(
            rule.path("alert").asText(), rule.path("expr").asText(), Map.copyOf(annotations)));
      }
    }
    return List.copyOf(alerts);
  }

  /** The Mink metrics the alerts' expressions name. */
  static Set<String> metricsOfExpressions() {
    Set<String> names = new TreeSet<>();
    alerts().forEach(alert -> names.addAll(minkMetrics(alert.expr())));
    return names;
  }

  /** The Mink metrics the tests' input series are of. */
  static Set<String> metricsOfTestSeries() {
    Set<String> names = new TreeSet<>();
    for (JsonNode test : read(TESTS).path("tests")) {
      for (JsonNode series : test.path("input_series")) {
        String text = series.path("series").asText();
        int brace = text.indexOf('{');
        String name = (brace < 0 ? text : text.substring(0, brace)).trim();
        if (name.startsWith("mink_")) {
          names.add(name);
        }
      }
    }
    return names;
  }

  /** The alerts some test expects to fire. */
  static Set<String> alertsTestedFiring() {
    Set<String> names = new TreeSet<>();
    for (JsonNode test : read(TESTS).path("tests")) {
      for (JsonNode check : test.path("alert_rule_test")) {
        if (check.path("exp_alerts").size() > 0) {
          names.add(check.path("alertname").asText());
        }
      }
    }
    return names;
  }

  static Set<String> minkMetrics(String promql) {
    Set<String> names = new TreeSet<>();
    Matcher matcher = MINK_METRIC.matcher(withoutStrings(promql));
    while (matcher.find()) {
      names.add(matcher.group());
    }
    return names;
  }

  /** The expression with its quoted strings (label values) emptied, so a label value is never taken for a metric. */
  private static String withoutStrings(String promql) {
    return promql.replaceAll("\"(?:[^\"\\\\]|\\\\.)*\"", "\"\"");
  }

  private static JsonNode read(Path file) {
    if (!Files.isRegularFile(file)) {
      throw new IllegalStateException(
          file + " does not exist: run the tests from the indexer module of a Mink checkout");
    }
    try {
      return new YAMLMapper().readTree(file.toFile());
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read " + file + " as YAML", e);
    }
  }
}
