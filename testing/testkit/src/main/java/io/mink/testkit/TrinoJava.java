package io.mink.testkit;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Where the Java that runs Trino is: Trino 483 needs Java 25, and Mink builds and tests on 17. The first of the
 * variables {@value #VARIABLE} and {@value #OTHER_VARIABLE} that is set names its home; when neither is,
 * {@value #DEFAULT_HOME}, where the project's machines have Temurin 25.
 */
final class TrinoJava {
  static final String VARIABLE = "MINK_JAVA25_HOME";
  static final String OTHER_VARIABLE = "JAVA25_HOME";
  static final String DEFAULT_HOME = "/usr/lib/jvm/temurin-25-jdk-amd64";

  private TrinoJava() {}

  /** The Java home for Trino among {@code environment}'s variables, or an error saying how to provide one. */
  static Path find(Map<String, String> environment) {
    for (String variable : List.of(VARIABLE, OTHER_VARIABLE)) {
      String home = environment.get(variable);
      if (home != null && !home.isBlank()) {
        return checked(Path.of(home), "the variable " + variable);
      }
    }
    return checked(
        Path.of(DEFAULT_HOME),
        "the default, as neither " + VARIABLE + " nor " + OTHER_VARIABLE + " is set,");
  }

  private static Path checked(Path home, String source) {
    if (!Files.isExecutable(home.resolve("bin").resolve("java"))) {
      throw new IllegalStateException("Trino needs Java 25, and " + source + " names " + home
          + ", which has no bin/java: install a Java 25 JDK (such as Temurin 25) and set "
          + VARIABLE + " to its home");
    }
    return home;
  }
}
