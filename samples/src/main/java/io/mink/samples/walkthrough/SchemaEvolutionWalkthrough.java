package io.mink.samples.walkthrough;

import io.mink.cli.Main;
import io.mink.samples.local.IcebergText;
import io.mink.samples.local.InProcessMink;
import io.mink.samples.local.LakeWatch;
import io.mink.samples.local.LocalStack;
import io.mink.samples.local.TablePrinter;
import io.mink.samples.local.TextTable;
import io.mink.samples.produce.ApicurioSerializers;
import io.mink.samples.produce.SchemaLanguage;
import io.mink.testkit.SidecarProcess;
import java.io.PrintWriter;
import java.nio.charset.Charset;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.iceberg.Table;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.types.Types;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * Schema evolution, walked through: payments written with an Avro schema v1 are indexed; v2 changes the type of
 * {@code amount} from string to double and adds {@code method}; its records are indexed, and so is a late v1 record
 * from a producer that was not upgraded. The table's columns and rows are shown after each step.
 */
public final class SchemaEvolutionWalkthrough {
  private static final String TOPIC = "payments";
  private final Schema v1 = new Schema.Parser().parse("""
      {"type": "record", "name": "Payment", "namespace": "shop", "fields": [
        {"name": "payment_id", "type": "long"},
        {"name": "amount", "type": "string"},
        {"name": "currency", "type": "string"}]}""");
  private final Schema v2 = new Schema.Parser().parse("""
      {"type": "record", "name": "Payment", "namespace": "shop", "fields": [
        {"name": "payment_id", "type": "long"},
        {"name": "amount", "type": "double"},
        {"name": "currency", "type": "string"},
        {"name": "method", "type": ["null", "string"], "default": null}]}""");

  private final LocalStack stack;
  private final InProcessMink mink;
  private final PrintWriter out;
  private final KafkaProducer<String, Object> producer;

  private SchemaEvolutionWalkthrough(LocalStack stack, Path home, PrintWriter out) {
    this.stack = stack;
    this.out = out;
    this.mink = new InProcessMink(stack.minkVariables(), home, out);
    this.producer = new KafkaProducer<>(
        Map.of("bootstrap.servers", stack.bootstrapServers(), "acks", "all"),
        new StringSerializer(),
        ApicurioSerializers.serializer(
            SchemaLanguage.AVRO, stack.registries().apicurioUrl(), false));
  }

  public static void main(String[] args) throws Exception {
    Main.useMinkLogging();
    Path home = Files.createTempDirectory("mink-evolution");
    PrintWriter out = new PrintWriter(System.out, true, Charset.defaultCharset());
    try (LocalStack stack = LocalStack.start()) {
      walk(stack, home, out);
    }
    System.exit(0);
  }

  /** Walks through it on a stack of its own, with the embedded lake in {@code home}. */
  static void walk(LocalStack stack, Path home, PrintWriter out) {
    new SchemaEvolutionWalkthrough(stack, home, out).run();
  }

  private void run() {
    out.println("== Topic " + TOPIC
        + ", one partition; Avro values with the Confluent prefix (Apicurio's serializer)");
    stack.broker().createTopic(TOPIC, 1);
    try (SidecarProcess sidecar = mink.serve();
        producer) {
      mink.runOrFail("table", "add", TOPIC, "--freshness", "2s");
      evolve(new LakeWatch(mink.lake(), sidecar));
    }
  }

  private void evolve(LakeWatch lake) {
    out.println();
    out.println("== v1: " + v1);
    send(v1, payment(v1, 1, "12.50", "EUR", null), payment(v1, 2, "7.25", "USD", null));
    show(lake, "after v1");

    out.println();
    out.println("== v2: amount becomes a double, method is new: " + v2);
    send(v2, payment(v2, 3, 30.0, "EUR", "card"), payment(v2, 4, 99.99, "CHF", "twint"));
    show(lake, "after v2");

    out.println();
    out.println("== A producer still on v1 sends one more payment");
    send(v1, payment(v1, 5, "3.10", "EUR", null));
    show(lake, "after a late v1 record");
  }

  private static GenericRecord payment(
      Schema schema, long id, Object amount, String currency, String method) {
    GenericData.Record record = new GenericData.Record(schema);
    record.put("payment_id", id);
    record.put("amount", amount);
    record.put("currency", currency);
    if (schema.getField("method") != null) {
      record.put("method", method);
    }
    return record;
  }

  private void send(Schema schema, GenericRecord... payments) {
    for (GenericRecord payment : payments) {
      var unused = producer.send(
          new ProducerRecord<>(TOPIC, Long.toString((Long) payment.get("payment_id")), payment));
    }
    producer.flush();
    out.printf(
        "   produced %d payment%s with schema %s%n",
        payments.length, payments.length == 1 ? "" : "s", schema.equals(v1) ? "v1" : "v2");
  }

  private void show(LakeWatch lake, String when) {
    Table table = lake.awaitOffsets("kafka", TOPIC, stack.broker().endOffsets(TOPIC));
    out.println(
        "-- kafka." + TOPIC + " " + when + " (table schema " + table.schema().schemaId() + "):");
    List<Types.NestedField> columns = TablePrinter.typedColumns(table);
    out.println("   columns after the six _kafka_* ones:");
    TextTable schema = new TextTable(List.of("COLUMN", "TYPE", "DOC"));
    columns.forEach(field -> schema.add(List.of(
        field.name(), IcebergText.type(field.type()), field.doc() == null ? "" : field.doc())));
    schema.print(out, "     ");
    out.println("   rows:");
    List<String> header = new ArrayList<>(List.of("_kafka_offset"));
    columns.forEach(field -> header.add(field.name()));
    TextTable rows = new TextTable(header);
    for (Record row : TablePrinter.rows(table)) {
      List<String> values = new ArrayList<>(List.of(String.valueOf(row.getField("_kafka_offset"))));
      columns.forEach(field -> values.add(IcebergText.value(row.getField(field.name()))));
      rows.add(values);
    }
    rows.print(out, "     ");
  }
}
