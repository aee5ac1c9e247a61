package io.mink.schema.avro;

import static io.mink.schema.avro.AvroPayloads.decode;
import static io.mink.schema.avro.AvroPayloads.write;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mink.schema.decode.UnreadableSchemaException;
import io.mink.schema.registry.RegisteredSchema;
import io.mink.schema.registry.SchemaReference;
import io.mink.schema.registry.SchemaType;
import java.util.List;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.iceberg.data.GenericRecord;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.Test;

class AvroSchemaReferencesTest {
  private static final RegisteredSchema COUNTRY = RegisteredSchema.of(
      SchemaType.AVRO,
      "{\"type\":\"enum\",\"name\":\"Country\",\"namespace\":\"geo\",\"symbols\":[\"NL\",\"FR\"]}");
  private static final RegisteredSchema ADDRESS = new RegisteredSchema(
      SchemaType.AVRO,
      """
      {"type": "record", "name": "Address", "namespace": "geo", "fields": [
        {"name": "city", "type": "string"},
        {"name": "country", "type": "Country"}]}""",
      List.of(new SchemaReference("geo.Country", "country-value", 1, COUNTRY)));

  private final AvroSchemaCompiler compiler = new AvroSchemaCompiler();

  @Test
  void recordUsesNamedTypesOfReferencedSchemasResolvedDepthFirst() throws Exception {
    RegisteredSchema customer = new RegisteredSchema(
        SchemaType.AVRO,
        """
        {"type": "record", "name": "Customer", "namespace": "shop", "fields": [
          {"name": "home", "type": "geo.Address"},
          {"name": "born_in", "type": "geo.Country"}]}""",
        List.of(
            new SchemaReference("geo.Address", "address-value", 3, ADDRESS),
            new SchemaReference("geo.Country", "country-value", 1, COUNTRY)));

    CompiledAvroSchema compiled = (CompiledAvroSchema) compiler.compile(customer);

    Types.StructType address = Types.StructType.of(
        Types.NestedField.required(3, "city", Types.StringType.get()),
        Types.NestedField.required(4, "country", Types.StringType.get()));
    assertThat(compiled.type())
        .isEqualTo(Types.StructType.of(
            Types.NestedField.required(1, "home", address),
            Types.NestedField.required(2, "born_in", Types.StringType.get())));

    Schema schema = compiled.avroSchema();
    Schema country = schema.getField("born_in").schema();
    GenericData.Record home = new GenericData.Record(schema.getField("home").schema());
    home.put("city", "Utrecht");
    home.put("country", new GenericData.EnumSymbol(country, "NL"));
    GenericData.Record value = new GenericData.Record(schema);
    value.put("home", home);
    value.put("born_in", new GenericData.EnumSymbol(country, "FR"));

    GenericRecord decoded = (GenericRecord) decode(compiled, write(schema, value));
    assertThat(((GenericRecord) decoded.getField("home")).getField("city")).isEqualTo("Utrecht");
    assertThat(((GenericRecord) decoded.getField("home")).getField("country")).isEqualTo("NL");
    assertThat(decoded.getField("born_in")).isEqualTo("FR");
  }

  @Test
  void unresolvedNameIsAnUnreadableSchema() {
    RegisteredSchema orphan = RegisteredSchema.of(
        SchemaType.AVRO,
        "{\"type\":\"record\",\"name\":\"Customer\",\"fields\":[{\"name\":\"home\",\"type\":\"geo.Address\"}]}");

    assertThatThrownBy(() -> compiler.compile(orphan))
        .isInstanceOf(UnreadableSchemaException.class)
        .hasMessage("Cannot parse Avro schema: Undefined schema: geo.Address");
  }

  @Test
  void referenceToANonAvroSchemaIsAnUnreadableSchema() {
    RegisteredSchema proto =
        RegisteredSchema.of(SchemaType.PROTOBUF, "syntax = \"proto3\"; message A {}");
    RegisteredSchema customer = new RegisteredSchema(
        SchemaType.AVRO,
        "\"string\"",
        List.of(new SchemaReference("a.proto", "a-value", 2, proto)));

    assertThatThrownBy(() -> compiler.compile(customer))
        .isInstanceOf(UnreadableSchemaException.class)
        .hasMessage(
            "Avro schema a.proto referenced as subject a-value version 2 is a PROTOBUF schema, not Avro");
  }

  @Test
  void nonAvroSchemaIsAnUnreadableSchema() {
    assertThatThrownBy(() -> compiler.compile(RegisteredSchema.of(SchemaType.JSON, "{}")))
        .isInstanceOf(UnreadableSchemaException.class)
        .hasMessage("Cannot compile a JSON schema as Avro");
  }
}
