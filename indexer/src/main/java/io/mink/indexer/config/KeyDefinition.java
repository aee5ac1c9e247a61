package io.mink.indexer.config;

import static java.util.Objects.requireNonNull;

import java.util.function.Supplier;

/**
 * What {@link ConfigKey} knows of one key: its section, name, default, an example and what it does.
 *
 * @param defaultValue the value used when the key is not set, or null when there is none
 */
record KeyDefinition(
    String section,
    String name,
    Supplier<String> defaultValue,
    String documentedDefault,
    String example,
    String description) {
  KeyDefinition {
    requireNonNull(section, "section is null");
    requireNonNull(name, "name is null");
    requireNonNull(defaultValue, "defaultValue is null");
    requireNonNull(documentedDefault, "documentedDefault is null");
    requireNonNull(example, "example is null");
    requireNonNull(description, "description is null");
  }

  /** A key whose default is fixed and documented as it is written. */
  KeyDefinition(
      String section, String name, String defaultValue, String example, String description) {
    this(section, name, () -> defaultValue, defaultValue, example, description);
  }
}
