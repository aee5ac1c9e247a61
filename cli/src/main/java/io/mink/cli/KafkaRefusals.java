package io.mink.cli;

import io.mink.indexer.config.MinkConfig;
import io.mink.tables.acl.AccessDenied;
import io.mink.tables.acl.MinkResources;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Optional;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;

/**
 * A command's failure for want of a Kafka ACL, as {@link AccessDenied} words it: the command's name says what it
 * needs, its configuration names Mink's resources and the brokers.
 */
final class KafkaRefusals {
  private KafkaRefusals() {}

  /** The message of the refusal in the failure's causes; empty when Kafka refused nothing. */
  static Optional<String> message(Throwable failure, CommandLine line) {
    if (!AccessDenied.isDenied(failure)) {
      return Optional.empty();
    }
    return config(line.getCommandSpec())
        .flatMap(config -> AccessDenied.of(
                failure, line.getCommandSpec().qualifiedName(), resources(config))
            .map(denied -> denied.message(config.kafka())));
  }

  static MinkResources resources(MinkConfig config) {
    return new MinkResources(
        config.indexer().tablesTopic(),
        config.indexer().ownersTopic(),
        config.monitoring().statusTopic(),
        config.indexer().groupId());
  }

  /** The configuration the command loaded, from its {@link ConfigOptions}, however deep among its mixins. */
  private static Optional<MinkConfig> config(CommandSpec command) {
    Deque<CommandSpec> specs = new ArrayDeque<>();
    specs.add(command);
    while (!specs.isEmpty()) {
      CommandSpec spec = specs.poll();
      if (spec.userObject() instanceof ConfigOptions options && options.loaded().isPresent()) {
        return options.loaded();
      }
      specs.addAll(spec.mixins().values());
    }
    return Optional.empty();
  }
}
