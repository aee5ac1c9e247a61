package io.mink.samples;

import io.mink.samples.local.LocalStack;
import io.mink.samples.produce.NodeScript;
import io.mink.samples.produce.OrderProducer;
import io.mink.samples.produce.OrderProducers;
import io.mink.samples.produce.SampleOrder;
import io.mink.samples.produce.SchemaLanguage;
import io.mink.samples.produce.WireFormat;
import java.io.PrintWriter;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The quickstart's typed topics: one per schema language ({@code orders-avro}, {@code orders-protobuf},
 * {@code orders-json-schema}), each with three partitions, one per wire format: partition 0 written with the
 * Confluent prefix, 1 with the Glue prefix, 2 with header GUIDs. Every topic gets the same orders, so the three
 * tables hold the same values.
 */
public final class TypedSampleTopics {
  public static final int ORDERS_PER_FORMAT = 20;
  private static final Instant FIRST_PLACED_AT = Instant.parse("2026-03-02T09:00:00.250Z");
  /** The wire format of partition 0, 1 and 2. */
  private static final List<WireFormat> PARTITIONS =
      List.of(WireFormat.CONFLUENT_PREFIX, WireFormat.GLUE_PREFIX, WireFormat.HEADER_GUID);

  private TypedSampleTopics() {}

  public static String topic(SchemaLanguage language) {
    return "orders-" + language.cliName();
  }

  /** The table {@code mink table add} makes of the topic, in the kafka namespace. */
  public static String tableName(SchemaLanguage language) {
    return topic(language).replace('-', '_');
  }

  public static int partition(WireFormat format) {
    return PARTITIONS.indexOf(format);
  }

  /** The wire format written to a partition, and by whose serializers. */
  public static String partitionLabel(int partition) {
    WireFormat format = PARTITIONS.get(partition);
    return format.title() + ", " + format.writtenBy();
  }

  /** The orders written to a partition of every typed topic. */
  public static List<SampleOrder> orders(WireFormat format) {
    int partition = partition(format);
    return SampleOrder.generate(
        100 + partition,
        1 + (long) partition * ORDERS_PER_FORMAT,
        ORDERS_PER_FORMAT,
        FIRST_PLACED_AT.plusSeconds(3600L * partition));
  }

  /**
   * Creates the three topics and writes the orders in every language and wire format, printing what it does. Header
   * GUIDs need node: without it they are skipped, with a note why.
   *
   * @return the wire formats written
   */
  public static Set<WireFormat> produce(LocalStack stack, PrintWriter out) {
    Set<WireFormat> formats = EnumSet.allOf(WireFormat.class);
    Optional<String> noNode = NodeScript.locate().unavailableReason();
    if (noNode.isPresent()) {
      formats.remove(WireFormat.HEADER_GUID);
      out.println("   Skipping header GUIDs (Confluent's npm serializers): " + noNode.get());
    }
    for (SchemaLanguage language : SchemaLanguage.values()) {
      String topic = topic(language);
      stack.broker().createTopic(topic, WireFormat.values().length);
      List<String> written = new ArrayList<>();
      for (WireFormat format : formats) {
        try (OrderProducer producer = OrderProducers.open(
            format, language, stack.registries(), topic, stack.kafkaProperties())) {
          producer.send(topic, partition(format), orders(format));
        }
        written.add(format.title() + " (partition " + partition(format) + ")");
      }
      out.printf(
          "   %s: %d %s orders each in the %s%n",
          topic, ORDERS_PER_FORMAT, language, String.join(", ", written));
      out.flush();
    }
    return formats;
  }
}
