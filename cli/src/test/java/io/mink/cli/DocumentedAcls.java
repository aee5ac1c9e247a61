package io.mink.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.kafka.common.acl.AccessControlEntry;
import org.apache.kafka.common.acl.AclBinding;
import org.apache.kafka.common.acl.AclOperation;
import org.apache.kafka.common.acl.AclPermissionType;
import org.apache.kafka.common.resource.PatternType;
import org.apache.kafka.common.resource.ResourcePattern;
import org.apache.kafka.common.resource.ResourceType;

/**
 * The ACL table of docs/operations.md ("Security"), row by row, so tests grant exactly what the docs list: a row is
 * who uses it ({@code mink serve}, {@code mink table add}, ...), a resource with its default name, and operations.
 */
record DocumentedAcls(List<Row> rows) {
  static final Path DOC = Path.of("..", "docs", "operations.md");
  static final String TABLES_TOPIC = "the table's topic";

  private static final Pattern ROW =
      Pattern.compile("^\\| `(mink[^`]*)` \\| ([^|]+) \\| ([A-Za-z, ]+) \\| [^|]+ \\|$");
  private static final Pattern RESOURCE =
      Pattern.compile("^(topic|group|transactional id) `([^`]+)`$");

  /**
   * One row of the table.
   *
   * @param user the command, such as {@code mink table add}
   * @param type the resource's type
   * @param name its default name, or {@link #TABLES_TOPIC}
   * @param operations what Mink does on it
   */
  record Row(String user, ResourceType type, String name, List<AclOperation> operations) {
    /** The row's ACLs for {@code principal}, each default name replaced as {@code names} says. */
    List<AclBinding> bindings(String principal, Map<String, String> names) {
      String resource = names.getOrDefault(name, name);
      return operations.stream()
          .map(operation -> new AclBinding(
              new ResourcePattern(type, resource, PatternType.LITERAL),
              new AccessControlEntry(principal, "*", operation, AclPermissionType.ALLOW)))
          .toList();
    }
  }

  static DocumentedAcls read() {
    try {
      return parse(Files.readAllLines(DOC));
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read " + DOC.toAbsolutePath() + ": " + e, e);
    }
  }

  static DocumentedAcls parse(List<String> lines) {
    List<Row> rows = new ArrayList<>();
    for (String line : lines) {
      Matcher row = ROW.matcher(line.strip());
      if (row.matches()) {
        rows.add(new Row(
            row.group(1),
            type(row.group(2).strip()),
            name(row.group(2).strip()),
            Arrays.stream(row.group(3).split(","))
                .map(operation -> AclOperation.fromString(operation.strip()))
                .toList()));
      }
    }
    if (rows.isEmpty()) {
      throw new IllegalStateException("No ACL rows in " + DOC + ": the table's layout changed");
    }
    return new DocumentedAcls(List.copyOf(rows));
  }

  /** The rows of these users. */
  List<Row> of(String... users) {
    List<String> wanted = List.of(users);
    return rows.stream().filter(row -> wanted.contains(row.user())).toList();
  }

  /** The ACLs of these users' rows for {@code principal}, with {@code names} for the default names. */
  List<AclBinding> bindings(String principal, Map<String, String> names, String... users) {
    return of(users).stream()
        .flatMap(row -> row.bindings(principal, names).stream())
        .distinct()
        .toList();
  }

  private static ResourceType type(String resource) {
    if (resource.equals(TABLES_TOPIC)) {
      return ResourceType.TOPIC;
    }
    Matcher matcher = matched(resource);
    return ResourceType.fromString(matcher.group(1).replace(' ', '_').toUpperCase(Locale.ROOT));
  }

  private static String name(String resource) {
    return resource.equals(TABLES_TOPIC) ? TABLES_TOPIC : matched(resource).group(2);
  }

  private static Matcher matched(String resource) {
    Matcher matcher = RESOURCE.matcher(resource);
    if (!matcher.matches()) {
      throw new IllegalStateException(
          "Unknown resource in the ACL table of " + DOC + ": " + resource);
    }
    return matcher;
  }
}
