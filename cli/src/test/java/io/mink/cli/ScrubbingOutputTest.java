package io.mink.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.mink.schema.secret.KnownSecrets;
import io.mink.schema.secret.SecretValues;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.Charset;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** The process's stdout and stderr, and a command's text output, hide the known secrets line by line. */
class ScrubbingOutputTest {
  private final String secret = "pw-" + UUID.randomUUID();

  @Test
  void systemStreamHidesAKnownSecretWrittenAcrossSeveralWrites() {
    KnownSecrets.add(new SecretValues().add(secret));
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    PrintStream out =
        ScrubbingOutputStream.scrubbing(new PrintStream(bytes, true, Charset.defaultCharset()));

    out.print("ERROR login failed: " + secret.substring(0, 5));
    out.print(secret.substring(5));
    out.println(" refused");

    assertThat(bytes.toString(Charset.defaultCharset()))
        .isEqualTo("ERROR login failed: [hidden] refused" + System.lineSeparator());
  }

  @Test
  void commandOutputHidesAKnownSecretAndAUrlPasswordAndPassesTheRestOnAtFlush() {
    KnownSecrets.add(new SecretValues().add(secret));
    StringWriter text = new StringWriter();
    PrintWriter out = new PrintWriter(new ScrubbingWriter(text), true);

    out.println("Error: " + secret + " at http://mink:other@registry:8081");
    out.print("progress 50%");
    out.flush();

    assertThat(text.toString())
        .isEqualTo("Error: [hidden] at http://mink:[hidden]@registry:8081" + System.lineSeparator()
            + "progress 50%");
  }

  @Test
  void textWithoutSecretsPassesAsItIs() {
    StringWriter text = new StringWriter();
    PrintWriter out = new PrintWriter(new ScrubbingWriter(text), true);

    out.println("TABLE  TOPIC  http://registry:8081  jdbc:sqlite:/tmp/catalog.db");

    assertThat(text.toString())
        .isEqualTo("TABLE  TOPIC  http://registry:8081  jdbc:sqlite:/tmp/catalog.db"
            + System.lineSeparator());
  }
}
