package io.mink.schema.json;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonPointer;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import io.mink.schema.decode.UnreadableSchemaException;
import io.mink.schema.registry.RegisteredSchema;
import io.mink.schema.registry.SchemaReference;
import io.mink.schema.registry.SchemaType;
import java.net.URI;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * A registered schema and every schema it references, parsed, with the resources their $id
 * names and the anchors they declare: resolves a $ref to the schema node it points at. A $ref is
 * looked up, in order, among the referencing document's registry references by name, then among
 * the $id of every document and embedded resource, resolved against the referencing scope's base.
 */
final class SchemaDocuments {
  private static final int MAX_TEXT_DEPTH = 256;
  private static final URI ROOT_BASE = URI.create("mink:/schema.json");
  private static final ObjectMapper SCHEMA_TEXT = JsonMapper.builder(JsonFactory.builder()
          .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
          .streamReadConstraints(
              StreamReadConstraints.builder().maxNestingDepth(MAX_TEXT_DEPTH).build())
          .build())
      .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
      .build();
  private static final Set<String> SUBSCHEMA = Set.of(
      "items",
      "additionalItems",
      "additionalProperties",
      "contains",
      "propertyNames",
      "not",
      "if",
      "then",
      "else",
      "unevaluatedItems",
      "unevaluatedProperties",
      "contentSchema");
  private static final Set<String> SUBSCHEMA_LISTS =
      Set.of("items", "prefixItems", "allOf", "anyOf", "oneOf");
  private static final Set<String> SUBSCHEMA_MAPS = Set.of(
      "properties",
      "patternProperties",
      "definitions",
      "$defs",
      "dependentSchemas",
      "dependencies");

  /** One parsed registry schema; label is "" for the registered schema, else its reference name. */
  record Document(String label, JsonNode root, Map<String, Document> references, boolean draft4) {}

  /** The resource a node belongs to: the base URI its $ref resolve against and the root of its pointers. */
  record Scope(Document document, URI base, JsonNode resource, String resourcePointer) {}

  /** A resolved $ref: the node it points at, the node's scope, and where it is, for messages. */
  record Target(JsonNode node, Scope scope, String location) {}

  private final IdentityHashMap<RegisteredSchema, Document> documents = new IdentityHashMap<>();
  private final IdentityHashMap<Document, Scope> rootScopes = new IdentityHashMap<>();
  private final IdentityHashMap<JsonNode, Scope> scopes = new IdentityHashMap<>();
  private final Map<String, Scope> resources = new HashMap<>();
  private final Map<String, JsonNode> anchors = new HashMap<>();
  private final Document root;

  private SchemaDocuments(RegisteredSchema schema) throws UnreadableSchemaException {
    this.root = load(schema, "", ROOT_BASE);
  }

  static SchemaDocuments load(RegisteredSchema schema) throws UnreadableSchemaException {
    return new SchemaDocuments(schema);
  }

  Target root() {
    Scope scope = rootScopes.get(root);
    return new Target(root.root(), scope, "#");
  }

  /** The scope of a schema node found while indexing, else the given one. */
  Scope scopeOf(JsonNode node, Scope fallback) {
    return scopes.getOrDefault(node, fallback);
  }

  /**
   * The node a $ref written in the given scope points at: a registry reference named by the whole
   * $ref or by its part before '#', else the resource whose $id the part resolves to; then the
   * fragment, a JSON pointer or an anchor name, within that resource.
   */
  Target resolve(String ref, Scope from, String location) throws UnreadableSchemaException {
    int hash = ref.indexOf('#');
    String address = hash < 0 ? ref : ref.substring(0, hash);
    String fragment = hash < 0 ? "" : decodeFragment(ref.substring(hash + 1));
    Scope resource;
    Document named = from.document().references().get(ref);
    if (named != null) {
      resource = rootScopes.get(named);
      fragment = "";
    } else if (address.isEmpty()) {
      resource = from;
    } else if (from.document().references().containsKey(address)) {
      resource = rootScopes.get(from.document().references().get(address));
    } else {
      URI absolute = resolveUri(from.base(), address);
      resource = absolute == null ? null : resources.get(withoutFragment(absolute));
    }
    if (resource == null) {
      throw new UnreadableSchemaException("Cannot resolve $ref '" + ref + "' at " + location
          + ": no reference of the schema is named '" + address + "' and no schema has that $id");
    }
    JsonNode node =
        fragment.isEmpty() ? resource.resource() : locate(resource, fragment, ref, location);
    String where = fragment.startsWith("/") || fragment.isEmpty()
        ? resource.resourcePointer() + fragment
        : fragment;
    return new Target(
        node, scopes.getOrDefault(node, resource), resource.document().label() + "#" + where);
  }

  private JsonNode locate(Scope resource, String fragment, String ref, String location)
      throws UnreadableSchemaException {
    if (!fragment.startsWith("/")) {
      JsonNode anchored = anchors.get(withoutFragment(resource.base()) + "#" + fragment);
      if (anchored == null) {
        throw new UnreadableSchemaException("Cannot resolve $ref '" + ref + "' at " + location
            + ": no schema declares the anchor '" + fragment + "'");
      }
      return anchored;
    }
    JsonNode node;
    try {
      node = resource.resource().at(JsonPointer.compile(fragment));
    } catch (IllegalArgumentException e) {
      throw new UnreadableSchemaException("Cannot resolve $ref '" + ref + "' at " + location + ": '"
          + fragment + "' is not a JSON pointer");
    }
    if (node.isMissingNode()) {
      throw new UnreadableSchemaException(
          "Cannot resolve $ref '" + ref + "' at " + location + ": nothing is at " + fragment);
    }
    return node;
  }

  private Document load(RegisteredSchema schema, String label, URI base)
      throws UnreadableSchemaException {
    Document loaded = documents.get(schema);
    if (loaded != null) {
      return loaded;
    }
    if (schema.type() != SchemaType.JSON) {
      throw new UnreadableSchemaException(
          describe(label) + " is a " + schema.type() + " schema, not a JSON Schema");
    }
    JsonNode text = parse(schema.text(), label);
    boolean draft4 = text.path("$schema").asText("").matches(".*draft-0[34].*");
    Document document = new Document(label, text, new HashMap<>(), draft4);
    documents.put(schema, document);
    Scope scope = index(text, new Scope(document, base, text, ""), "");
    rootScopes.put(document, scope);
    resources.putIfAbsent(withoutFragment(base), scope);
    for (SchemaReference reference : schema.references()) {
      URI referenceBase = resolveUri(scope.base(), reference.name());
      if (referenceBase == null) {
        referenceBase = URI.create("mink:/references/" + documents.size());
      }
      document
          .references()
          .put(reference.name(), load(reference.schema(), reference.name(), referenceBase));
    }
    return document;
  }

  private static JsonNode parse(String text, String label) throws UnreadableSchemaException {
    JsonNode node;
    try {
      node = SCHEMA_TEXT.readTree(text);
    } catch (JsonProcessingException e) {
      JsonLocation at = e.getLocation();
      String where =
          at == null ? "" : " at line " + at.getLineNr() + ", column " + at.getColumnNr();
      throw new UnreadableSchemaException(
          describe(label) + " is not valid JSON: " + e.getOriginalMessage() + where, e);
    }
    if (node == null || !(node.isObject() || node.isBoolean())) {
      throw new UnreadableSchemaException(
          describe(label) + " must be a JSON object or a boolean, not "
              + (node == null || node.isMissingNode()
                  ? "empty"
                  : node.getNodeType().name().toLowerCase(Locale.ROOT)));
    }
    return node;
  }

  private Scope index(JsonNode node, Scope scope, String pointer) {
    if (!node.isObject()) {
      return scope;
    }
    Scope own = scope;
    JsonNode id = node.get(scope.document().draft4() ? "id" : "$id");
    if (id != null && id.isTextual()) {
      String text = id.asText();
      int hash = text.indexOf('#');
      String address = hash < 0 ? text : text.substring(0, hash);
      URI base = address.isEmpty() ? null : resolveUri(scope.base(), address);
      if (base != null) {
        own = new Scope(scope.document(), base, node, pointer);
        resources.putIfAbsent(withoutFragment(base), own);
      }
      if (hash >= 0 && hash < text.length() - 1) {
        anchors.putIfAbsent(withoutFragment(own.base()) + "#" + text.substring(hash + 1), node);
      }
    }
    JsonNode anchor = node.get("$anchor");
    if (anchor != null && anchor.isTextual()) {
      anchors.putIfAbsent(withoutFragment(own.base()) + "#" + anchor.asText(), node);
    }
    scopes.putIfAbsent(node, own);
    for (Map.Entry<String, JsonNode> keyword : node.properties()) {
      String name = keyword.getKey();
      JsonNode value = keyword.getValue();
      String at = pointer + "/" + escape(name);
      if (SUBSCHEMA.contains(name) && value.isObject()) {
        index(value, own, at);
      } else if (SUBSCHEMA_LISTS.contains(name) && value.isArray()) {
        for (int i = 0; i < value.size(); i++) {
          index(value.get(i), own, at + "/" + i);
        }
      } else if (SUBSCHEMA_MAPS.contains(name) && value.isObject()) {
        for (Map.Entry<String, JsonNode> entry : value.properties()) {
          index(entry.getValue(), own, at + "/" + escape(entry.getKey()));
        }
      }
    }
    return own;
  }

  /** A property name or keyword as a JSON pointer token. */
  static String escape(String name) {
    return name.replace("~", "~0").replace("/", "~1");
  }

  private static String describe(String label) {
    return label.isEmpty() ? "The schema" : "The referenced schema '" + label + "'";
  }

  private static URI resolveUri(URI base, String reference) {
    try {
      return base.resolve(new URI(reference)).normalize();
    } catch (Exception e) {
      return null;
    }
  }

  private static String withoutFragment(URI uri) {
    String text = uri.toString();
    int hash = text.indexOf('#');
    return hash < 0 ? text : text.substring(0, hash);
  }

  private static String decodeFragment(String fragment) {
    if (fragment.indexOf('%') < 0) {
      return fragment;
    }
    try {
      return new URI("mink:/#" + fragment).getFragment();
    } catch (Exception e) {
      return fragment;
    }
  }
}
