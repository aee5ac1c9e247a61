package io.mink.samples.produce;

import io.mink.cli.Main;
import java.net.URI;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code samples/produce}: writes sample orders to a topic in one schema language and wire format. */
@Command(
    name = "samples/produce",
    sortOptions = false,
    usageHelpWidth = 120,
    description =
        "Writes sample orders to a Kafka topic with a schema registry's own serializers: Avro, Protobuf or"
            + " JSON Schema, with the schema id in a Confluent prefix (Apicurio's serdes), a Glue prefix (AWS's Glue"
            + " serde) or header GUIDs (Confluent's npm serializers, run with node).",
    footer = {
      "",
      "Examples:",
      "  samples/produce -b localhost:9092 -t orders-avro -l avro -f confluent -r http://localhost:8081",
      "  samples/produce -b localhost:9092 -t orders-proto -l protobuf -f header -r http://localhost:8081",
      "  samples/produce -b localhost:9092 -t orders-json -l json-schema -f glue --glue-region eu-west-1",
      "",
      "A registry to try it with, serving Confluent's API and Apicurio's (at /apis/registry/v3), so that --registry",
      "alone is enough: java -cp 'samples/target/mink-samples-0.1.0-SNAPSHOT.jar:samples/target/lib/*' \\",
      "  io.mink.testkit.registry.FakeSchemaRegistryMain 8081"
    })
public final class ProduceCommand implements Callable<Integer> {
  @Option(
      names = {"-h", "--help"},
      usageHelp = true,
      description = "Show this help and exit")
  boolean help;

  @Option(
      names = {"-b", "--bootstrap"},
      required = true,
      description = "Kafka's bootstrap servers")
  String bootstrap;

  @Option(
      names = {"-t", "--topic"},
      required = true,
      description = "The topic; it must exist")
  String topic;

  @Option(
      names = {"-l", "--language"},
      required = true,
      description = "avro, protobuf or json-schema")
  String language;

  @Option(
      names = {"-f", "--format"},
      required = true,
      description = "confluent, glue or header")
  String format;

  @Option(
      names = {"-r", "--registry"},
      description =
          "A Confluent-compatible registry URL: header GUIDs register there; the Confluent prefix uses"
              + " its Apicurio API at /apis/registry/v3 unless --apicurio-registry is given")
  String registry;

  @Option(
      names = "--apicurio-registry",
      description = "Apicurio Registry 3's API, for the Confluent prefix")
  String apicurioRegistry;

  @Option(
      names = "--glue-region",
      description = "The AWS region of the Glue schema registry, for the Glue prefix")
  String glueRegion;

  @Option(
      names = "--glue-endpoint",
      description = "Glue's endpoint, for a stand-in or a private endpoint")
  URI glueEndpoint;

  @Option(
      names = "--glue-registry",
      description = "The Glue registry (default: ${DEFAULT-VALUE})",
      defaultValue = Registries.Glue.DEFAULT_REGISTRY)
  String glueRegistry;

  @Option(names = "--zlib", description = "Compress Glue payloads with zlib")
  boolean zlib;

  @Option(
      names = {"-n", "--count"},
      defaultValue = "100",
      description = "How many orders (default: ${DEFAULT-VALUE})")
  int count;

  @Option(
      names = {"-p", "--partition"},
      description = "The partition to write to (default: by key)")
  Integer partition;

  @Option(
      names = "--first-id",
      defaultValue = "1",
      description = "The first order's id (default: ${DEFAULT-VALUE})")
  long firstId;

  @Option(
      names = "--seed",
      defaultValue = "7",
      description = "The random seed of the orders (default: ${DEFAULT-VALUE})")
  long seed;

  public static void main(String[] args) {
    Main.useMinkLogging();
    System.exit(commandLine().execute(args));
  }

  /** The command, with errors as one line: exit code 2 for bad arguments, 1 for anything else. */
  static CommandLine commandLine() {
    return new CommandLine(new ProduceCommand())
        .setExecutionExceptionHandler((exception, line, parsed) -> {
          line.getErr().println("Error: " + exception.getMessage());
          return exception instanceof IllegalArgumentException ? 2 : 1;
        });
  }

  @Override
  public Integer call() {
    SchemaLanguage schemaLanguage = SchemaLanguage.fromCliName(language);
    WireFormat wireFormat = WireFormat.fromCliName(format);
    Registries registries = new Registries(
        registry,
        apicurioRegistry != null
            ? apicurioRegistry
            : registry == null ? null : Registries.apicurioApiOf(registry),
        glueRegion == null
            ? null
            : new Registries.Glue(glueRegion, glueEndpoint, glueRegistry, zlib));
    List<SampleOrder> orders =
        SampleOrder.generate(seed, firstId, count, Instant.now().minusSeconds(60L * count));
    try (OrderProducer producer = OrderProducers.open(
        wireFormat, schemaLanguage, registries, topic, Map.of("bootstrap.servers", bootstrap))) {
      producer.send(topic, partition, orders);
    }
    System.out.printf(
        "Wrote %d %s orders to %s with the %s (%s)%n",
        count, schemaLanguage, topic, wireFormat.title(), wireFormat.writtenBy());
    return 0;
  }
}
