package io.mink.indexer.config;

import java.util.List;
import java.util.stream.Collectors;

/** The configuration reference of docs/configuration.md, made from {@link ConfigKey}. */
public final class ConfigReference {
  private ConfigReference() {}

  /** One markdown table per section: key, default, environment variable, description. */
  public static String markdown(String section) {
    List<ConfigKey> keys = ConfigKey.in(section);
    return "| key | default | environment | description |\n|---|---|---|---|\n"
        + keys.stream()
            .map(key -> "| `" + key.key() + "` | " + key.documentedDefault() + " | `"
                + key.environmentVariable()
                + (key == ConfigKey.LAKE_PROPERTIES ? "_<PROPERTY>" : "") + "` | "
                + key.description() + " |")
            .collect(Collectors.joining("\n"))
        + "\n";
  }
}
