package io.mink.bench.registry;

import io.mink.schema.avro.AvroSchemaCompiler;
import io.mink.schema.decode.CompiledSchema;
import io.mink.schema.decode.SchemaCompiler;
import io.mink.schema.decode.UnreadableSchemaException;
import io.mink.schema.json.JsonSchemaCompiler;
import io.mink.schema.protobuf.ProtobufSchemaCompiler;
import io.mink.schema.registry.RegisteredSchema;
import io.mink.testkit.orders.Order;
import io.mink.testkit.orders.OrderLanguage;
import io.mink.testkit.orders.ProtobufOrders;
import java.util.function.Supplier;

/** A schema language of the benchmark: the {@link Order} schema in it, its reference writer and Mink's compiler. */
public enum SchemaLanguage {
  AVRO(OrderLanguage.AVRO, AvroOrderWriter::new, AvroSchemaCompiler::new),
  /** A protobuf-java DynamicMessage of the descriptor built from the .proto text, serialized. */
  PROTOBUF(
      OrderLanguage.PROTOBUF,
      () -> order -> ProtobufOrders.value(order).toByteArray(),
      ProtobufSchemaCompiler::new),
  JSON(OrderLanguage.JSON, JsonOrderWriter::new, JsonSchemaCompiler::new);

  private final OrderLanguage orders;
  private final Supplier<PayloadWriter> writer;
  private final Supplier<SchemaCompiler> compiler;

  SchemaLanguage(
      OrderLanguage orders, Supplier<PayloadWriter> writer, Supplier<SchemaCompiler> compiler) {
    this.orders = orders;
    this.writer = writer;
    this.compiler = compiler;
  }

  String displayName() {
    return orders.toString();
  }

  /** The test kit's view of the {@link Order} in this language: its schemas and decoded columns. */
  public OrderLanguage orders() {
    return orders;
  }

  RegisteredSchema registered() {
    return RegisteredSchema.of(orders.type(), orders.schemaText(false));
  }

  public PayloadWriter newWriter() {
    return writer.get();
  }

  /** The Order schema compiled by Mink, as its decoders compile it once per schema id. */
  public CompiledSchema compile() {
    try {
      return compiler.get().compile(registered());
    } catch (UnreadableSchemaException e) {
      throw new IllegalStateException(
          "Mink cannot compile the benchmark's " + displayName() + " schema: " + e.getMessage(), e);
    }
  }
}
