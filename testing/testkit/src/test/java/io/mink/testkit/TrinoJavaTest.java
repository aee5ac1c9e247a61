package io.mink.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TrinoJavaTest {
  @TempDir
  Path directory;

  @Test
  void minkVariableWinsOverTheOtherAndTheDefault() throws IOException {
    Path mink = javaHome("mink");
    Path other = javaHome("other");

    assertThat(TrinoJava.find(Map.of(
            TrinoJava.VARIABLE, mink.toString(), TrinoJava.OTHER_VARIABLE, other.toString())))
        .isEqualTo(mink);
    assertThat(TrinoJava.find(Map.of(TrinoJava.OTHER_VARIABLE, other.toString())))
        .isEqualTo(other);
  }

  @Test
  void homeWithoutJavaSaysWhereItLookedAndWhatToSet() {
    Path empty = directory.resolve("no-jdk");

    assertThatThrownBy(() -> TrinoJava.find(Map.of(TrinoJava.VARIABLE, empty.toString())))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("Trino needs Java 25, and the variable MINK_JAVA25_HOME names " + empty
            + ", which has no bin/java: install a Java 25 JDK (such as Temurin 25) and set"
            + " MINK_JAVA25_HOME to its home");
  }

  @Test
  void blankVariablesFallBackToTheDefault() {
    Map<String, String> blank = Map.of(TrinoJava.VARIABLE, " ", TrinoJava.OTHER_VARIABLE, "");
    if (Files.isExecutable(Path.of(TrinoJava.DEFAULT_HOME, "bin", "java"))) {
      assertThat(TrinoJava.find(blank)).isEqualTo(Path.of(TrinoJava.DEFAULT_HOME));
    } else {
      assertThatThrownBy(() -> TrinoJava.find(blank))
          .hasMessageContaining("the default, as neither MINK_JAVA25_HOME nor JAVA25_HOME is set,");
    }
  }

  private Path javaHome(String name) throws IOException {
    Path bin = Files.createDirectories(directory.resolve(name).resolve("bin"));
    Files.createFile(
        bin.resolve("java"),
        PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwxr-xr-x")));
    return directory.resolve(name);
  }
}
