package io.mink.testkit.registry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.glue.GlueClient;
import software.amazon.awssdk.services.glue.model.AlreadyExistsException;
import software.amazon.awssdk.services.glue.model.Compatibility;
import software.amazon.awssdk.services.glue.model.CreateSchemaResponse;
import software.amazon.awssdk.services.glue.model.DataFormat;
import software.amazon.awssdk.services.glue.model.EntityNotFoundException;
import software.amazon.awssdk.services.glue.model.GetSchemaByDefinitionResponse;
import software.amazon.awssdk.services.glue.model.GetSchemaResponse;
import software.amazon.awssdk.services.glue.model.GetSchemaVersionResponse;
import software.amazon.awssdk.services.glue.model.MetadataKeyValuePair;
import software.amazon.awssdk.services.glue.model.PutSchemaVersionMetadataResponse;
import software.amazon.awssdk.services.glue.model.RegisterSchemaVersionResponse;
import software.amazon.awssdk.services.glue.model.RegistryId;
import software.amazon.awssdk.services.glue.model.SchemaId;
import software.amazon.awssdk.services.glue.model.SchemaVersionStatus;

/**
 * The stand-in spoken to by the AWS SDK's own Glue client, in the order AWS's Glue serde
 * (AWSSchemaRegistryClient and SchemaByDefinitionFetcher) calls it when it serializes: look the
 * definition up, create the schema when "Schema is not found.", register a version when "Schema
 * version is not found.", then put the transport metadata on the version.
 */
class GlueStandInProtocolTest {
  private static final String V1 = "{\"type\":\"record\",\"name\":\"Order\",\"fields\":[]}";
  private static final String V2 =
      "{\"type\":\"record\",\"name\":\"Order\",\"fields\":[{\"name\":\"id\",\"type\":"
          + "[\"null\",\"long\"],\"default\":null}]}";

  private final GlueSchemaRegistryStandIn standIn = GlueSchemaRegistryStandIn.start();
  private final GlueClient glue = GlueClient.builder()
      .region(Region.US_EAST_1)
      .endpointOverride(standIn.endpoint())
      .credentialsProvider(
          StaticCredentialsProvider.create(AwsBasicCredentials.create("test", "test")))
      .httpClient(UrlConnectionHttpClient.create())
      .build();

  @AfterEach
  void stop() {
    glue.close();
    standIn.close();
  }

  private SchemaId orders() {
    return SchemaId.builder()
        .schemaName("orders")
        .registryName("default-registry")
        .build();
  }

  @Test
  void lookingUpAnUnknownSchemaSaysSchemaIsNotFound() {
    assertThatThrownBy(
            () -> glue.getSchemaByDefinition(b -> b.schemaId(orders()).schemaDefinition(V1)))
        .isInstanceOf(EntityNotFoundException.class)
        .hasMessageContaining("Schema is not found.");
  }

  @Test
  void serializerSequenceCreatesThenFindsThenRegistersANewVersion() {
    CreateSchemaResponse created = glue.createSchema(
        b -> b.registryId(RegistryId.builder().registryName("default-registry").build())
            .schemaName("orders")
            .dataFormat(DataFormat.AVRO)
            .compatibility(Compatibility.BACKWARD)
            .schemaDefinition(V1)
            .tags(Map.of()));
    PutSchemaVersionMetadataResponse metadata =
        glue.putSchemaVersionMetadata(b -> b.schemaVersionId(created.schemaVersionId())
            .metadataKeyValue(MetadataKeyValuePair.builder()
                .metadataKey("x-amz-meta-transport")
                .metadataValue("orders-topic")
                .build()));
    GetSchemaByDefinitionResponse found =
        glue.getSchemaByDefinition(b -> b.schemaId(orders()).schemaDefinition(V1));

    assertThat(created.schemaArn())
        .isEqualTo("arn:aws:glue:us-east-1:123456789012:schema/default-registry/orders");
    assertThat(created.dataFormat()).isEqualTo(DataFormat.AVRO);
    assertThat(created.schemaVersionStatusAsString()).isEqualTo("AVAILABLE");
    assertThat(created.latestSchemaVersion()).isEqualTo(1L);
    assertThat(metadata.latestVersion()).isTrue();
    assertThat(metadata.metadataValue()).isEqualTo("orders-topic");
    assertThat(found.schemaVersionId()).isEqualTo(created.schemaVersionId());
    assertThat(found.status()).isEqualTo(SchemaVersionStatus.AVAILABLE);

    assertThatThrownBy(
            () -> glue.getSchemaByDefinition(b -> b.schemaId(orders()).schemaDefinition(V2)))
        .isInstanceOf(EntityNotFoundException.class)
        .hasMessageContaining("Schema version is not found.");
    RegisterSchemaVersionResponse registered =
        glue.registerSchemaVersion(b -> b.schemaId(orders()).schemaDefinition(V2));
    assertThat(registered.versionNumber()).isEqualTo(2L);
    assertThat(registered.status()).isEqualTo(SchemaVersionStatus.AVAILABLE);

    assertThat(standIn.operations())
        .containsExactly(
            "CreateSchema",
            "PutSchemaVersionMetadata",
            "GetSchemaByDefinition",
            "GetSchemaByDefinition",
            "RegisterSchemaVersion");
  }

  @Test
  void creatingAnExistingSchemaSaysAlreadyExists() {
    standIn.register("orders", io.mink.schema.registry.SchemaType.AVRO, V1);

    assertThatThrownBy(() -> glue.createSchema(
            b -> b.schemaName("orders").dataFormat(DataFormat.AVRO).schemaDefinition(V1)))
        .isInstanceOf(AlreadyExistsException.class);
  }

  @Test
  void registeringAKnownDefinitionReturnsItsVersion() {
    String first =
        standIn.register("orders", io.mink.schema.registry.SchemaType.AVRO, V1).toString();

    assertThat(glue.registerSchemaVersion(b -> b.schemaId(orders()).schemaDefinition(V1))
            .schemaVersionId())
        .isEqualTo(first);
  }

  @Test
  void getSchemaVersionByIdOrByNumber() {
    String first =
        standIn.register("orders", io.mink.schema.registry.SchemaType.AVRO, V1).toString();
    standIn.register("orders", io.mink.schema.registry.SchemaType.AVRO, V2);

    GetSchemaVersionResponse byId = glue.getSchemaVersion(b -> b.schemaVersionId(first));
    GetSchemaVersionResponse latest = glue.getSchemaVersion(
        b -> b.schemaId(orders()).schemaVersionNumber(n -> n.latestVersion(true)));
    GetSchemaVersionResponse numberOne = glue.getSchemaVersion(
        b -> b.schemaId(orders()).schemaVersionNumber(n -> n.versionNumber(1L)));

    assertThat(byId.schemaDefinition()).isEqualTo(V1);
    assertThat(byId.dataFormat()).isEqualTo(DataFormat.AVRO);
    assertThat(byId.versionNumber()).isEqualTo(1L);
    assertThat(byId.schemaArn())
        .isEqualTo("arn:aws:glue:us-east-1:123456789012:schema/default-registry/orders");
    assertThat(byId.createdTime()).isNotBlank();
    assertThat(latest.schemaDefinition()).isEqualTo(V2);
    assertThat(numberOne.schemaVersionId()).isEqualTo(first);
  }

  @Test
  void getSchemaDescribesTheSchema() {
    standIn.register("orders", io.mink.schema.registry.SchemaType.PROTOBUF, "message A {}");

    GetSchemaResponse schema = glue.getSchema(b -> b.schemaId(orders()));

    assertThat(schema.dataFormat()).isEqualTo(DataFormat.PROTOBUF);
    assertThat(schema.latestSchemaVersion()).isEqualTo(1L);
    assertThat(schema.nextSchemaVersion()).isEqualTo(2L);
    assertThat(schema.registryArn())
        .isEqualTo("arn:aws:glue:us-east-1:123456789012:registry/default-registry");
  }

  @Test
  void queriesTheMetadataItWasGiven() {
    String version =
        standIn.register("orders", io.mink.schema.registry.SchemaType.AVRO, V1).toString();
    glue.putSchemaVersionMetadata(b -> b.schemaVersionId(version)
        .metadataKeyValue(
            MetadataKeyValuePair.builder().metadataKey("k").metadataValue("v").build()));

    assertThat(glue.querySchemaVersionMetadata(b -> b.schemaVersionId(version))
            .metadataInfoMap()
            .get("k")
            .metadataValue())
        .isEqualTo("v");
  }
}
