package io.mink.schema.registry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mink.schema.registry.ConfluentResponses.ErrorBody;
import io.mink.schema.registry.ConfluentResponses.MalformedResponseException;
import io.mink.schema.registry.ConfluentResponses.Reference;
import io.mink.schema.registry.ConfluentResponses.SchemaBody;
import java.util.List;
import org.junit.jupiter.api.Test;

class ConfluentResponsesTest {

  @Test
  void schemaByIdWithoutSchemaTypeIsAvro() throws Exception {
    SchemaBody body = ConfluentResponses.schema("{\"schema\":\"{\\\"type\\\":\\\"string\\\"}\"}");

    assertThat(body).isEqualTo(new SchemaBody(null, "{\"type\":\"string\"}", List.of(), null));
    assertThat(SchemaType.fromRegistryName(body.schemaType())).isEqualTo(SchemaType.AVRO);
  }

  @Test
  void schemaByIdOfConfluent8NamesAvroExplicitly() throws Exception {
    SchemaBody body = ConfluentResponses.schema(
        "{\"schemaType\":\"AVRO\",\"schema\":\"\\\"int\\\"\",\"guid\":\"0b8e1d3c-1a6b-4a55-9d4c-2f6f6d1e0a11\",\"ts\":1}");

    assertThat(body.schemaType()).isEqualTo("AVRO");
    assertThat(body.text()).isEqualTo("\"int\"");
  }

  @Test
  void protobufSchemaByIdCarriesItsReferences() throws Exception {
    SchemaBody body = ConfluentResponses.schema("""
        {"schemaType": "PROTOBUF",
         "schema": "syntax = \\"proto3\\";\\nimport \\"common.proto\\";\\nmessage A { common.B b = 1; }\\n",
         "references": [{"name": "common.proto", "subject": "common", "version": 2}],
         "maxId": 9}""");

    assertThat(body.schemaType()).isEqualTo("PROTOBUF");
    assertThat(body.text()).startsWith("syntax = \"proto3\";\nimport \"common.proto\";");
    assertThat(body.references()).containsExactly(new Reference("common.proto", "common", 2));
  }

  @Test
  void subjectVersionBodyGivesItsVersion() throws Exception {
    SchemaBody body = ConfluentResponses.schema("""
        {"subject": "common", "version": 3, "id": 12, "schemaType": "JSON",
         "schema": "{\\"type\\":\\"object\\"}"}""");

    assertThat(body).isEqualTo(new SchemaBody("JSON", "{\"type\":\"object\"}", List.of(), 3));
  }

  @Test
  void nullReferencesAreNone() throws Exception {
    assertThat(
            ConfluentResponses.schema("{\"schema\":\"x\",\"references\":null}").references())
        .isEmpty();
  }

  @Test
  void bodyWithoutSchemaIsMalformed() {
    assertThatThrownBy(() -> ConfluentResponses.schema("{\"id\": 7}"))
        .isInstanceOf(MalformedResponseException.class)
        .hasMessage("expected a \"schema\" string field, got '{\"id\": 7}'");
  }

  @Test
  void htmlIsMalformed() {
    assertThatThrownBy(
            () -> ConfluentResponses.schema("<html><body>Welcome to nginx</body></html>"))
        .isInstanceOf(MalformedResponseException.class)
        .hasMessage("expected JSON, got '<html><body>Welcome to nginx</body></html>'");
  }

  @Test
  void emptyBodyIsMalformed() {
    assertThatThrownBy(() -> ConfluentResponses.schema(""))
        .isInstanceOf(MalformedResponseException.class)
        .hasMessage("expected JSON, got an empty body");
  }

  @Test
  void arrayIsMalformed() {
    assertThatThrownBy(() -> ConfluentResponses.schema("[1, 2]"))
        .isInstanceOf(MalformedResponseException.class)
        .hasMessage("expected a JSON object with a \"schema\" field, got '[1, 2]'");
  }

  @Test
  void referenceWithoutVersionIsMalformed() {
    assertThatThrownBy(() -> ConfluentResponses.schema(
            "{\"schema\":\"x\",\"references\":[{\"name\":\"a.proto\",\"subject\":\"a\"}]}"))
        .isInstanceOf(MalformedResponseException.class)
        .hasMessage(
            "expected each reference to have a \"name\" and \"subject\" string and a \"version\" number, got "
                + "'{\"name\":\"a.proto\",\"subject\":\"a\"}'");
  }

  @Test
  void longBodiesAreCutInMessages() {
    String shown = ConfluentResponses.shown("x".repeat(1000));

    assertThat(shown).hasSize(305).endsWith("...'");
  }

  @Test
  void errorBodyIsConfluentsShape() {
    assertThat(ConfluentResponses.error(
            "{\"error_code\": 40403, \"message\": \"Schema 7 not found\"}"))
        .contains(new ErrorBody(40403, "Schema 7 not found"));
  }

  @Test
  void otherBodiesAreNoError() {
    assertThat(ConfluentResponses.error("<html>404</html>")).isEmpty();
    assertThat(ConfluentResponses.error("{\"message\": \"no code\"}")).isEmpty();
    assertThat(ConfluentResponses.error("")).isEmpty();
    assertThat(ConfluentResponses.error(null)).isEmpty();
  }
}
