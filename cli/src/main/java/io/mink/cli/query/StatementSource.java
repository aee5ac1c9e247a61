package io.mink.cli.query;

import io.mink.indexer.errors.MinkException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The statements of a run of mink-query: from {@code -e}, a file of {@code -f}, or stdin. */
final class StatementSource {
  private StatementSource() {}

  /** The statements of the text; the last one may leave out its semicolon. */
  static List<String> statements(String text, String source) {
    StatementSplitter.Split split = StatementSplitter.split(text);
    List<String> statements = new ArrayList<>(split.statements());
    if (!split.rest().isEmpty()) {
      statements.add(split.rest());
    }
    if (statements.isEmpty()) {
      throw MinkException.user(
          "No SQL statement in " + source + ": give one such as SELECT count(*) FROM orders");
    }
    return statements;
  }

  static String file(Path file) {
    try {
      return Files.readString(file, StandardCharsets.UTF_8);
    } catch (NoSuchFileException e) {
      throw MinkException.user(
          "SQL file " + file + " does not exist: pass an existing file with -f", e);
    } catch (IOException e) {
      throw MinkException.user(
          "Cannot read SQL file " + file + " (" + e.getMessage()
              + "): pass a readable UTF-8 file with -f",
          e);
    }
  }

  static String stdin(InputStream in) {
    try {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw MinkException.user(
          "Cannot read SQL from stdin (" + e.getMessage() + "): give it with -e or -f", e);
    }
  }
}
