package io.mink.tables.acl;

import static java.util.Objects.requireNonNull;
import static org.apache.kafka.common.acl.AclOperation.CREATE;
import static org.apache.kafka.common.acl.AclOperation.DESCRIBE;
import static org.apache.kafka.common.acl.AclOperation.READ;
import static org.apache.kafka.common.acl.AclOperation.WRITE;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.apache.kafka.common.acl.AclOperation;

/**
 * The ACLs Mink's principal needs, for {@code mink serve} and for each command: the table of docs/operations.md
 * ("Security"), which a test checks against this one. Kafka's Read and Write imply Describe, so Describe is listed
 * only where neither is needed.
 */
public final class MinkAcls {
  /**
   * One row: {@code user} needs {@code operations} on {@code resource}.
   *
   * @param user {@code mink serve}, {@code mink table add}, ...
   */
  public record Rule(String user, MinkResource resource, List<AclOperation> operations) {
    public Rule {
      requireNonNull(user, "user is null");
      requireNonNull(resource, "resource is null");
      operations = List.copyOf(operations);
    }
  }

  public static final String SERVE = "mink serve";

  public static final List<Rule> RULES = rules();

  private MinkAcls() {}

  /** What {@code user} needs on {@code resource}, in the table's order; empty when the table lists nothing. */
  public static List<AclOperation> operations(String user, MinkResource resource) {
    Set<AclOperation> operations = new LinkedHashSet<>();
    for (Rule rule : RULES) {
      if (rule.user().equals(user) && rule.resource() == resource) {
        operations.addAll(rule.operations());
      }
    }
    return List.copyOf(operations);
  }

  private static List<Rule> rules() {
    List<Rule> rules = new ArrayList<>();
    rules.add(new Rule(SERVE, MinkResource.TABLE_TOPIC, List.of(READ)));
    rules.add(new Rule(SERVE, MinkResource.TABLES_TOPIC, List.of(READ, WRITE)));
    rules.add(new Rule(SERVE, MinkResource.TABLES_WRITER, List.of(WRITE)));
    rules.add(new Rule(SERVE, MinkResource.OWNERS_TOPIC, List.of(READ)));
    rules.add(new Rule(SERVE, MinkResource.STATUS_TOPIC, List.of(READ, WRITE)));
    rules.add(new Rule(SERVE, MinkResource.OWNERS_GROUP, List.of(READ)));
    rules.add(new Rule(SERVE, MinkResource.GROUP, List.of(READ)));
    rules.add(new Rule(SERVE, MinkResource.TABLES_TOPIC, List.of(CREATE)));
    rules.add(new Rule(SERVE, MinkResource.OWNERS_TOPIC, List.of(CREATE)));
    rules.add(new Rule(SERVE, MinkResource.STATUS_TOPIC, List.of(CREATE)));
    rules.add(new Rule("mink table add", MinkResource.TABLE_TOPIC, List.of(DESCRIBE)));
    writes(rules, "mink table add");
    reads(rules, "mink table list");
    reads(rules, "mink table show");
    rules.add(new Rule("mink table show", MinkResource.TABLE_TOPIC, List.of(READ)));
    writes(rules, "mink table alter");
    writes(rules, "mink table remove");
    rules.add(new Rule("mink table remove", MinkResource.OWNERS_GROUP, List.of(DESCRIBE)));
    writes(rules, "mink table resume");
    rules.add(new Rule("mink table resume", MinkResource.TABLE_TOPIC, List.of(DESCRIBE)));
    reads(rules, "mink read");
    rules.add(new Rule("mink read", MinkResource.TABLE_TOPIC, List.of(READ)));
    reads(rules, "mink cluster stats");
    rules.add(new Rule("mink cluster stats", MinkResource.STATUS_TOPIC, List.of(READ)));
    rules.add(new Rule("mink cluster stats", MinkResource.TABLE_TOPIC, List.of(READ)));
    for (String query : List.of("mink-query exec", "mink-query shell", "mink-query serve")) {
      reads(rules, query);
      rules.add(new Rule(query, MinkResource.TABLE_TOPIC, List.of(READ)));
    }
    return List.copyOf(rules);
  }

  /** A command that reads the tables topic. */
  private static void reads(List<Rule> rules, String user) {
    rules.add(new Rule(user, MinkResource.TABLES_TOPIC, List.of(READ)));
  }

  /** A command that changes an entry of the tables topic, transactionally. */
  private static void writes(List<Rule> rules, String user) {
    rules.add(new Rule(user, MinkResource.TABLES_TOPIC, List.of(READ, WRITE)));
    rules.add(new Rule(user, MinkResource.TABLES_WRITER, List.of(WRITE)));
  }
}
