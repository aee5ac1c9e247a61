package io.mink.tables.acl;

import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.apache.kafka.common.acl.AclOperation;
import org.apache.kafka.common.errors.AuthorizationException;
import org.apache.kafka.common.errors.ClusterAuthorizationException;
import org.apache.kafka.common.errors.GroupAuthorizationException;
import org.apache.kafka.common.errors.TopicAuthorizationException;
import org.apache.kafka.common.errors.TransactionalIdAuthorizationException;
import org.apache.kafka.common.resource.ResourceType;

/**
 * Kafka's refusal of an operation for want of an ACL, as a message that names the resource, the operations the user
 * ({@code mink serve}, a command) needs on it and the {@code kafka-acls} command that grants them. Kafka's exception
 * names the resource (for a transactional id, Mink knows its one); {@link MinkAcls} knows what the user needs.
 *
 * @param user who was refused: {@code mink serve}, {@code mink table add}, ...
 * @param resource what the resource is to Mink
 * @param name the resource's name
 * @param operations what the user needs on it
 */
public record AccessDenied(
    String user, MinkResource resource, String name, List<AclOperation> operations) {
  private static final Pattern JAAS_USERNAME = Pattern.compile("username\\s*=\\s*\"([^\"]*)\"");

  public AccessDenied {
    requireNonNull(user, "user is null");
    requireNonNull(resource, "resource is null");
    requireNonNull(name, "name is null");
    operations = List.copyOf(operations);
  }

  /** The refusal in {@code failure}'s chain of causes, if any. */
  public static Optional<AccessDenied> of(Throwable failure, String user, MinkResources resources) {
    return refusal(failure).map(refused -> {
      ResourceType type = type(refused);
      String name = name(refused, type, resources);
      MinkResource resource = resources.of(type, name);
      return new AccessDenied(user, resource, name, MinkAcls.operations(user, resource));
    });
  }

  /** Whether a Kafka refusal for want of an ACL is in the chain of causes. */
  public static boolean isDenied(Throwable failure) {
    return refusal(failure).isPresent();
  }

  /**
   * The message: what was refused, what to grant, and how.
   *
   * @param kafkaSettings the [kafka] settings, for the bootstrap servers and, with SASL, the user name
   */
  public String message(Map<String, String> kafkaSettings) {
    String needed = operations.isEmpty()
        ? "the operations docs/operations.md (\"Security\") lists"
        : operations.stream().map(AccessDenied::label).collect(Collectors.joining(", "));
    String grant = "kafka-acls --bootstrap-server "
        + kafkaSettings.getOrDefault("bootstrap.servers", "BROKERS")
        + " --add --allow-principal " + principal(kafkaSettings)
        + operations.stream()
            .map(operation -> " --operation " + label(operation))
            .collect(Collectors.joining())
        + resourceOption();
    return "Kafka denied " + user + " access to " + described() + ": Mink's principal needs "
        + needed + " on it. Grant " + (operations.size() == 1 ? "it" : "them") + ": " + grant;
  }

  private String described() {
    return switch (resource.type()) {
      case TOPIC -> "topic " + name;
      case GROUP -> "consumer group " + name;
      case TRANSACTIONAL_ID -> "transactional id " + name;
      default -> "the cluster";
    };
  }

  private String resourceOption() {
    return switch (resource.type()) {
      case TOPIC -> " --topic " + name;
      case GROUP -> " --group " + name;
      case TRANSACTIONAL_ID -> " --transactional-id " + name;
      default -> " --cluster";
    };
  }

  /** The principal of a SASL user name in the JAAS config; with TLS only the broker knows it from the certificate. */
  private static String principal(Map<String, String> kafkaSettings) {
    Matcher username = JAAS_USERNAME.matcher(kafkaSettings.getOrDefault("sasl.jaas.config", ""));
    return username.find() ? "User:" + username.group(1) : "'User:<Mink's principal>'";
  }

  private static String label(AclOperation operation) {
    String name = operation.name().toLowerCase(Locale.ROOT);
    StringBuilder label = new StringBuilder();
    for (String word : name.split("_")) {
      label.append(Character.toUpperCase(word.charAt(0))).append(word.substring(1));
    }
    return label.toString();
  }

  private static ResourceType type(AuthorizationException refused) {
    if (refused instanceof TopicAuthorizationException) {
      return ResourceType.TOPIC;
    }
    if (refused instanceof GroupAuthorizationException) {
      return ResourceType.GROUP;
    }
    if (refused instanceof TransactionalIdAuthorizationException) {
      return ResourceType.TRANSACTIONAL_ID;
    }
    return ResourceType.CLUSTER;
  }

  private static String name(
      AuthorizationException refused, ResourceType type, MinkResources resources) {
    if (refused instanceof TopicAuthorizationException topics
        && !topics.unauthorizedTopics().isEmpty()) {
      return new TreeSet<>(topics.unauthorizedTopics()).first();
    }
    if (refused instanceof GroupAuthorizationException group && group.groupId() != null) {
      return group.groupId();
    }
    return switch (type) {
      case TRANSACTIONAL_ID -> resources.transactionalId();
      case CLUSTER -> "kafka-cluster";
      default -> "(not named by Kafka: " + refused.getMessage() + ")";
    };
  }

  private static Optional<AuthorizationException> refusal(Throwable failure) {
    Set<Throwable> seen = Collections.newSetFromMap(new IdentityHashMap<>());
    List<Throwable> chain = new ArrayList<>();
    for (Throwable cause = failure; cause != null && seen.add(cause); cause = cause.getCause()) {
      chain.add(cause);
    }
    return chain.stream()
        .filter(cause -> cause instanceof TopicAuthorizationException
            || cause instanceof GroupAuthorizationException
            || cause instanceof TransactionalIdAuthorizationException
            || cause instanceof ClusterAuthorizationException)
        .map(AuthorizationException.class::cast)
        .findFirst();
  }
}
