package io.mink.schema.avro;

import io.mink.schema.decode.MappingOptions;
import io.mink.schema.decode.UndecodableException;
import io.mink.schema.decode.UnreadableSchemaException;
import io.mink.schema.registry.RegisteredSchema;
import io.mink.schema.registry.SchemaType;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import org.apache.avro.Conversions;
import org.apache.avro.Schema;
import org.apache.avro.data.TimeConversions;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.EncoderFactory;
import org.apache.iceberg.data.GenericRecord;
import org.apache.iceberg.types.Types;

/** Payloads written by Avro's own GenericDatumWriter, and schemas compiled by the compiler under test. */
final class AvroPayloads {
  private static final GenericData DATA = withLogicalTypes();

  private AvroPayloads() {}

  static CompiledAvroSchema compile(String schemaText) {
    return compile(schemaText, MappingOptions.DEFAULT);
  }

  static CompiledAvroSchema compile(String schemaText, MappingOptions options) {
    try {
      return (CompiledAvroSchema) new AvroSchemaCompiler()
          .compile(RegisteredSchema.of(SchemaType.AVRO, schemaText), options);
    } catch (UnreadableSchemaException e) {
      throw new AssertionError(e);
    }
  }

  /** A record named Row with one field f of the given type. */
  static String rowWith(String fieldType) {
    return "{\"type\":\"record\",\"name\":\"Row\",\"fields\":[{\"name\":\"f\",\"type\":" + fieldType
        + "}]}";
  }

  static byte[] write(Schema schema, Object datum) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    BinaryEncoder encoder = EncoderFactory.get().binaryEncoder(bytes, null);
    try {
      new GenericDatumWriter<>(schema, DATA).write(datum, encoder);
      encoder.flush();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return bytes.toByteArray();
  }

  /** Writes a Row whose field f holds {@code value}, decodes it and returns the decoded f. */
  static Object roundTripField(CompiledAvroSchema compiled, Object value)
      throws UndecodableException {
    GenericData.Record row = new GenericData.Record(compiled.avroSchema());
    row.put("f", value);
    GenericRecord decoded = (GenericRecord) decode(compiled, write(compiled.avroSchema(), row));
    return decoded.getField("f");
  }

  static Object decode(CompiledAvroSchema compiled, byte[] payload) throws UndecodableException {
    return compiled.decode(payload, 0, payload.length);
  }

  static Types.NestedField fieldF(CompiledAvroSchema compiled) {
    return compiled.type().asStructType().field("f");
  }

  /** The schema of field f, for building its values with Avro's own classes. */
  static Schema schemaOfF(CompiledAvroSchema compiled) {
    return compiled.avroSchema().getField("f").schema();
  }

  private static GenericData withLogicalTypes() {
    GenericData data = new GenericData();
    data.addLogicalTypeConversion(new Conversions.DecimalConversion());
    data.addLogicalTypeConversion(new Conversions.UUIDConversion());
    data.addLogicalTypeConversion(new Conversions.DurationConversion());
    data.addLogicalTypeConversion(new TimeConversions.DateConversion());
    data.addLogicalTypeConversion(new TimeConversions.TimeMillisConversion());
    data.addLogicalTypeConversion(new TimeConversions.TimeMicrosConversion());
    data.addLogicalTypeConversion(new TimeConversions.TimestampMillisConversion());
    data.addLogicalTypeConversion(new TimeConversions.TimestampMicrosConversion());
    data.addLogicalTypeConversion(new TimeConversions.TimestampNanosConversion());
    data.addLogicalTypeConversion(new TimeConversions.LocalTimestampMillisConversion());
    data.addLogicalTypeConversion(new TimeConversions.LocalTimestampMicrosConversion());
    data.addLogicalTypeConversion(new TimeConversions.LocalTimestampNanosConversion());
    return data;
  }
}
