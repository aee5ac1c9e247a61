package io.mink.schema.protobuf;

import static org.assertj.core.api.Assertions.assertThat;

import io.mink.schema.decode.CompiledSchema;
import io.mink.schema.decode.UndecodableException;
import io.mink.schema.decode.UnreadableSchemaException;
import io.mink.schema.registry.RegisteredSchema;
import io.mink.schema.registry.SchemaType;
import java.util.Random;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.Size;
import net.jqwik.api.constraints.StringLength;

/** Whatever the schema text, compiling returns a compiled schema or throws UnreadableSchemaException. */
class ProtobufCompilerPropertiesTest {
  private static final String[] TOKENS = {
    "message",
    "{",
    "}",
    "=",
    ";",
    "repeated",
    "map<",
    ">",
    ",",
    "oneof",
    "optional",
    "required",
    "enum",
    "1",
    "0",
    "-1",
    "536870912",
    "19000",
    "google.protobuf.Any",
    "\"",
    "//",
    "/*",
    "import \"google/protobuf/struct.proto\";",
    "import \"missing.proto\";",
    "syntax = \"proto2\";",
    "group",
    "extend",
    "reserved 1 to max;",
    "option",
    "[packed = true]",
    "Root",
    "Node",
    ".",
    "stream",
    "\n"
  };

  private final ProtobufSchemaCompiler compiler = new ProtobufSchemaCompiler();

  @Property(tries = 1_000)
  void mutatedSchemaTextIsCompiledOrUnreadable(
      @ForAll long seed, @ForAll @Size(max = 64) byte[] payload) {
    Random random = new Random(seed);
    StringBuilder text = new StringBuilder(ProtobufDecoderPropertiesTest.RICH);
    for (int mutations = 1 + random.nextInt(4); mutations > 0; mutations--) {
      int at = random.nextInt(text.length() + 1);
      switch (random.nextInt(3)) {
        case 0 -> text.delete(at, Math.min(text.length(), at + random.nextInt(12)));
        case 1 -> text.insert(at, ' ' + TOKENS[random.nextInt(TOKENS.length)] + ' ');
        default ->
          text.insert(at, text.substring(at, Math.min(text.length(), at + random.nextInt(40))));
      }
    }

    CompiledSchema compiled = compileOrReject(text.toString());
    if (compiled != null) {
      decodeOrReject(compiled, payload);
    }
  }

  @Property(tries = 500)
  void arbitraryTextIsCompiledOrUnreadable(@ForAll @StringLength(max = 200) String text) {
    compileOrReject(text);
    compileOrReject("syntax = \"proto3\"; message M { " + text + " }");
  }

  @Example
  void schemaTextNestedThousandsOfLevelsDeepIsCompiledOrUnreadable() {
    String nested = "message M { ".repeat(5_000) + "}".repeat(5_000);

    compileOrReject("syntax = \"proto3\"; " + nested);
  }

  private CompiledSchema compileOrReject(String text) {
    try {
      CompiledSchema compiled = compiler.compile(RegisteredSchema.of(SchemaType.PROTOBUF, text));
      assertThat(compiled.type().isStructType()).isTrue();
      return compiled;
    } catch (UnreadableSchemaException e) {
      assertThat(e.getMessage()).isNotBlank();
      return null;
    }
  }

  private static void decodeOrReject(CompiledSchema compiled, byte[] payload) {
    try {
      compiled.decode(payload, 0, payload.length);
    } catch (UndecodableException e) {
      assertThat(e.getCause()).as("an internal failure: %s", e.getMessage()).isNull();
    }
  }
}
