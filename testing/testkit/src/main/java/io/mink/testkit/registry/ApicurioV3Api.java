package io.mink.testkit.registry;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mink.schema.registry.SchemaType;
import io.mink.testkit.registry.RegistryState.SubjectVersion;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The part of Apicurio Registry 3's core REST API ({@code /apis/registry/v3}) that Apicurio's own serdes
 * (3.x, through their Kiota client) call, over the same {@link RegistryState} as the Confluent API, so a
 * schema an Apicurio serializer registers is served by {@code GET /schemas/ids/{id}} under the id the
 * serializer writes:
 *
 * <ul>
 *   <li>{@code POST /groups/default/artifacts?ifExists=FAIL|FIND_OR_CREATE_VERSION|CREATE_VERSION}: create an
 *       artifact or a version of it, answered with Apicurio's CreateArtifactResponse</li>
 *   <li>{@code GET /ids/contentIds/{contentId}} and {@code GET /ids/globalIds/{globalId}}: the schema text</li>
 *   <li>{@code GET /ids/contentIds/{contentId}/references}, {@code GET /ids/globalIds/{globalId}/references}</li>
 *   <li>{@code GET /groups/default/artifacts/{artifactId}/versions/{version|branch=latest}}: VersionMetaData</li>
 * </ul>
 *
 * <p>The mapping is the one Apicurio's Confluent-compatible API uses: a content id is a schema id, an artifact of
 * the group {@code default} is a subject, an artifact version is a subject version, and a reference
 * {@code {name, groupId: default, artifactId, version}} is the reference {@code {name, subject, version}}. Global
 * ids count subject versions. What a real Apicurio does and this one refuses with 400: other groups, explicit
 * version names, canonical matching, dry runs, and dereferenced content.
 *
 * <p>Errors are Apicurio's ProblemDetails: {@code {"status": 404, "title": "...", "detail": "...", "name":
 * "ContentNotFoundException"}}.
 */
final class ApicurioV3Api {
  static final String PREFIX = "/apis/registry/v3";
  static final String JSON = "application/json";
  private static final String GROUP = "default";

  private static final Pattern ARTIFACTS = Pattern.compile("/groups/([^/]+)/artifacts");
  private static final Pattern VERSION =
      Pattern.compile("/groups/([^/]+)/artifacts/([^/]+)/versions/([^/]+)");
  private static final Pattern CONTENT_ID = Pattern.compile("/ids/contentIds/([^/]+)");
  private static final Pattern CONTENT_ID_REFERENCES =
      Pattern.compile("/ids/contentIds/([^/]+)/references");
  private static final Pattern GLOBAL_ID = Pattern.compile("/ids/globalIds/([^/]+)");
  private static final Pattern GLOBAL_ID_REFERENCES =
      Pattern.compile("/ids/globalIds/([^/]+)/references");

  /** An HTTP answer: status, content type and body. */
  record Answer(int status, String contentType, String body) {
    Answer {
      requireNonNull(contentType, "contentType is null");
      requireNonNull(body, "body is null");
    }
  }

  /** An Apicurio error: the HTTP status and the exception name Apicurio puts in its ProblemDetails. */
  private static final class Problem extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final int status;
    private final String name;

    Problem(int status, String name, String title) {
      super(title);
      this.status = status;
      this.name = name;
    }
  }

  private final RegistryState state;

  ApicurioV3Api(RegistryState state) {
    this.state = requireNonNull(state, "state is null");
  }

  static boolean handles(String rawPath) {
    return rawPath.equals(PREFIX) || rawPath.startsWith(PREFIX + "/");
  }

  /** Answers a request whose raw path starts with {@link #PREFIX}. */
  Answer handle(String method, String rawPath, Map<String, String> parameters, String body) {
    try {
      return route(method, rawPath.substring(PREFIX.length()), parameters, body);
    } catch (Problem e) {
      return problem(e.status, e.name, e.getMessage());
    } catch (RegistryError e) {
      return problem(e);
    } catch (RuntimeException e) {
      return problem(500, "RegistryException", "Error in the fake registry: " + e);
    }
  }

  private Answer route(String method, String path, Map<String, String> parameters, String body) {
    Matcher m;
    m = ARTIFACTS.matcher(path);
    if (m.matches()) {
      requireMethod(method, "POST");
      requireDefaultGroup(decode(m.group(1)));
      return json(createArtifact(parameters, body));
    }
    requireMethod(method, "GET");
    m = VERSION.matcher(path);
    if (m.matches()) {
      requireDefaultGroup(decode(m.group(1)));
      return json(versionMetaData(version(decode(m.group(2)), decode(m.group(3)))));
    }
    m = CONTENT_ID_REFERENCES.matcher(path);
    if (m.matches()) {
      return json(references(content(m.group(1)).references()));
    }
    m = CONTENT_ID.matcher(path);
    if (m.matches()) {
      return content(content(m.group(1)));
    }
    m = GLOBAL_ID_REFERENCES.matcher(path);
    if (m.matches()) {
      return json(references(global(m.group(1)).schema().references()));
    }
    m = GLOBAL_ID.matcher(path);
    if (m.matches()) {
      if ("DEREFERENCE".equals(parameters.get("references"))
          && !global(m.group(1)).schema().references().isEmpty()) {
        throw new Problem(
            400,
            "BadRequestException",
            "The fake registry does not dereference schemas: read the references with /references");
      }
      return content(global(m.group(1)).schema());
    }
    throw new Problem(
        404, "NotFoundException", "RESTEASY003210: Could not find resource for full path: " + path);
  }

  /** POST /groups/{groupId}/artifacts: CreateArtifact in, CreateArtifactResponse out. */
  private ObjectNode createArtifact(Map<String, String> parameters, String body) {
    if ("true".equals(parameters.get("dryRun")) || "true".equals(parameters.get("canonical"))) {
      throw new Problem(
          400, "BadRequestException", "The fake registry supports neither dryRun nor canonical");
    }
    ObjectNode request = JsonText.object(body);
    if (request == null) {
      throw new Problem(
          400, "BadRequestException", "Expected a CreateArtifact JSON object, got " + body);
    }
    String artifactId = text(request, "artifactId");
    SchemaType type = type(text(request, "artifactType"));
    JsonNode firstVersion = request.path("firstVersion");
    if (firstVersion.hasNonNull("version")) {
      throw new Problem(
          400,
          "BadRequestException",
          "The fake registry numbers versions itself; leave out version "
              + firstVersion.get("version").asText());
    }
    JsonNode content = firstVersion.path("content");
    String text = text(content, "content");
    List<RegistryState.Reference> references = new ArrayList<>();
    for (JsonNode reference : content.path("references")) {
      requireDefaultGroup(
          reference.hasNonNull("groupId") ? reference.get("groupId").asText() : GROUP);
      references.add(new RegistryState.Reference(
          text(reference, "name"),
          text(reference, "artifactId"),
          versionNumber(text(reference, "version"))));
    }
    // an artifact of the group default is the Confluent subject named by its artifact id
    String subject = artifactId;
    String ifExists = parameters.getOrDefault("ifExists", "FAIL");
    SubjectVersion version = switch (ifExists) {
      case "FAIL" -> state.registerInNewSubject(subject, type, text, references);
      case "FIND_OR_CREATE_VERSION" -> state.register(subject, type, text, references);
      case "CREATE_VERSION" -> state.registerNewVersion(subject, type, text, references);
      default -> throw new Problem(400, "BadRequestException", "Unknown ifExists " + ifExists);
    };
    ObjectNode response = JsonText.newObject();
    response
        .putObject("artifact")
        .put("groupId", GROUP)
        .put("artifactId", version.subject())
        .put("artifactType", version.schema().type().name());
    response.set("version", versionMetaData(version));
    return response;
  }

  private SubjectVersion version(String subject, String expression) {
    if (expression.equals("branch=latest") || expression.equals("latest")) {
      return state.version(subject, "latest");
    }
    return state.version(subject, String.valueOf(versionNumber(expression)));
  }

  private RegistryState.StoredSchema content(String contentId) {
    try {
      return state.byId(Integer.parseInt(contentId));
    } catch (NumberFormatException | RegistryError e) {
      throw new Problem(
          404, "ContentNotFoundException", "No content with ID '" + contentId + "' was found.");
    }
  }

  private SubjectVersion global(String globalId) {
    try {
      return state.byGlobalId(Long.parseLong(globalId));
    } catch (NumberFormatException | RegistryError e) {
      throw new Problem(
          404,
          "ArtifactNotFoundException",
          "No artifact with global ID '" + globalId + "' was found.");
    }
  }

  private static ObjectNode versionMetaData(SubjectVersion version) {
    ObjectNode node = JsonText.newObject();
    node.put("groupId", GROUP);
    node.put("artifactId", version.subject());
    node.put("version", String.valueOf(version.version()));
    node.put("globalId", version.globalId());
    node.put("contentId", (long) version.schema().id());
    node.put("artifactType", version.schema().type().name());
    node.put("state", "ENABLED");
    return node;
  }

  private static ArrayNode references(List<RegistryState.Reference> references) {
    ArrayNode array = JsonText.newObject().arrayNode();
    for (RegistryState.Reference reference : references) {
      array
          .addObject()
          .put("groupId", GROUP)
          .put("artifactId", reference.subject())
          .put("version", String.valueOf(reference.version()))
          .put("name", reference.name());
    }
    return array;
  }

  /** The raw schema, typed as Apicurio types it: JSON for Avro and JSON Schema, x-protobuf for .proto text. */
  private static Answer content(RegistryState.StoredSchema schema) {
    String contentType = schema.type() == SchemaType.PROTOBUF ? "application/x-protobuf" : JSON;
    return new Answer(200, contentType, schema.text());
  }

  private static void requireDefaultGroup(String group) {
    if (!group.equals(GROUP)) {
      throw new Problem(
          400,
          "BadRequestException",
          "The fake registry has only the group '" + GROUP
              + "', the one Apicurio's Confluent-compatible API serves as subjects; got '" + group
              + "'");
    }
  }

  private static int versionNumber(String version) {
    try {
      int number = Integer.parseInt(version);
      if (number > 0) {
        return number;
      }
    } catch (NumberFormatException e) {
      // not a number: not a version this registry made
    }
    throw new Problem(404, "VersionNotFoundException", "No version '" + version + "' was found.");
  }

  private static SchemaType type(String artifactType) {
    return switch (artifactType) {
      case "AVRO" -> SchemaType.AVRO;
      case "PROTOBUF" -> SchemaType.PROTOBUF;
      case "JSON" -> SchemaType.JSON;
      default ->
        throw new Problem(
            400,
            "InvalidArtifactTypeException",
            "Invalid artifact type '" + artifactType
                + "': the fake registry holds AVRO, PROTOBUF and JSON");
    };
  }

  private static String text(JsonNode node, String field) {
    JsonNode value = node.get(field);
    if (value == null || !value.isTextual()) {
      throw new Problem(
          400, "BadRequestException", "Missing text field '" + field + "' in " + node);
    }
    return value.textValue();
  }

  private static void requireMethod(String method, String expected) {
    if (!method.equals(expected)) {
      throw new Problem(
          405, "NotAllowedException", "RESTEASY003650: No resource method found for " + method);
    }
  }

  private static String decode(String segment) {
    return URLDecoder.decode(segment.replace("+", "%2B"), StandardCharsets.UTF_8);
  }

  private static Answer json(JsonNode node) {
    return new Answer(200, JSON, JsonText.write(node));
  }

  /** A state error as Apicurio answers it: a missing subject or version is 404, a refused schema 409. */
  private static Answer problem(RegistryError e) {
    return switch (e.errorCode()) {
      case 40401 -> problem(404, "ArtifactNotFoundException", e.getMessage());
      case 40402 -> problem(404, "VersionNotFoundException", e.getMessage());
      case 409 -> problem(409, "ArtifactAlreadyExistsException", e.getMessage());
      case 40900 -> problem(409, "VersionAlreadyExistsException", e.getMessage());
      default ->
        problem(e.status() == 422 ? 409 : e.status(), "RuleViolationException", e.getMessage());
    };
  }

  private static Answer problem(int status, String name, String title) {
    ObjectNode node = JsonText.newObject();
    node.put("status", status);
    node.put("title", title);
    node.put("detail", name + ": " + title);
    node.put("name", name);
    return new Answer(status, JSON, JsonText.write(node));
  }
}
