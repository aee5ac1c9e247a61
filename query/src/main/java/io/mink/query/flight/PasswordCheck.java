package io.mink.query.flight;

import io.mink.query.flight.FlightServerSettings.BasicCredentials;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import org.apache.arrow.flight.CallStatus;
import org.apache.arrow.flight.auth2.BasicCallHeaderAuthenticator.CredentialValidator;
import org.apache.arrow.flight.auth2.CallHeaderAuthenticator.AuthResult;

/** Accepts the one configured user name and password, comparing them in constant time. */
final class PasswordCheck implements CredentialValidator {
  private final byte[] username;
  private final byte[] password;

  PasswordCheck(BasicCredentials credentials) {
    this.username = credentials.username().getBytes(StandardCharsets.UTF_8);
    this.password = credentials.password().getBytes(StandardCharsets.UTF_8);
  }

  @Override
  public AuthResult validate(String givenUsername, String givenPassword) {
    boolean userMatches =
        MessageDigest.isEqual(username, givenUsername.getBytes(StandardCharsets.UTF_8));
    boolean passwordMatches =
        MessageDigest.isEqual(password, givenPassword.getBytes(StandardCharsets.UTF_8));
    if (!(userMatches && passwordMatches)) {
      throw CallStatus.UNAUTHENTICATED
          .withDescription("Wrong user name or password for mink-query: log in with the user and "
              + "password mink-query serve was started with")
          .toRuntimeException();
    }
    return () -> givenUsername;
  }
}
