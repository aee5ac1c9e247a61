package io.mink.samples.deploy;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A Dockerfile as a list of instructions, continuation lines joined and comments dropped, for reading its EXPOSE,
 * HEALTHCHECK, CMD, COPY and RUN lines.
 */
final class DockerfileText {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Pattern VARIABLE = Pattern.compile("(\\w+)=(?:\"([^\"]*)\"|(\\S*))");

  /** One instruction: its keyword in upper case and the rest of the line. */
  record Instruction(String keyword, String arguments) {}

  private final Path file;
  private final List<Instruction> instructions;

  private DockerfileText(Path file, List<Instruction> instructions) {
    this.file = file;
    this.instructions = instructions;
  }

  static DockerfileText read(Path file) {
    List<String> lines;
    try {
      lines = Files.readAllLines(file);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read " + file, e);
    }
    List<Instruction> instructions = new ArrayList<>();
    StringBuilder current = new StringBuilder();
    for (String line : lines) {
      String trimmed = line.strip();
      if (trimmed.startsWith("#") || (trimmed.isEmpty() && current.length() == 0)) {
        continue;
      }
      boolean continues = trimmed.endsWith("\\");
      current
          .append(continues ? trimmed.substring(0, trimmed.length() - 1) : trimmed)
          .append(' ');
      if (!continues) {
        String[] parts = current.toString().strip().split("\\s+", 2);
        instructions.add(
            new Instruction(parts[0].toUpperCase(Locale.ROOT), parts.length == 2 ? parts[1] : ""));
        current.setLength(0);
      }
    }
    return new DockerfileText(file, List.copyOf(instructions));
  }

  Path file() {
    return file;
  }

  /** The arguments of every instruction with this keyword, in order. */
  List<String> all(String keyword) {
    return instructions.stream()
        .filter(instruction -> instruction.keyword().equals(keyword))
        .map(Instruction::arguments)
        .toList();
  }

  /** The arguments of the last instruction with this keyword: the one in force in the final stage. */
  Optional<String> last(String keyword) {
    List<String> all = all(keyword);
    return all.isEmpty() ? Optional.empty() : Optional.of(all.get(all.size() - 1));
  }

  /** The variables the ENV instructions set, in their KEY=value form: the last value of each, quotes removed. */
  Map<String, String> environment() {
    Map<String, String> variables = new LinkedHashMap<>();
    for (String arguments : all("ENV")) {
      Matcher variable = VARIABLE.matcher(arguments);
      while (variable.find()) {
        variables.put(
            variable.group(1), variable.group(2) != null ? variable.group(2) : variable.group(3));
      }
    }
    return variables;
  }

  /** CMD or ENTRYPOINT in exec form (a JSON array) as its words. */
  List<String> execForm(String keyword) {
    String arguments = last(keyword)
        .orElseThrow(() -> new AssertionError(file + " has no " + keyword + " instruction"));
    try {
      return List.of(JSON.readValue(arguments, String[].class));
    } catch (JsonProcessingException e) {
      throw new AssertionError(
          keyword + " of " + file + " is not in exec form (a JSON array): " + arguments, e);
    }
  }
}
