package io.mink.testkit.security;

import static java.util.Objects.requireNonNull;

import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.common.KafkaFuture;
import org.apache.kafka.common.acl.AccessControlEntry;
import org.apache.kafka.common.acl.AclBinding;
import org.apache.kafka.common.acl.AclBindingFilter;
import org.apache.kafka.common.acl.AclOperation;
import org.apache.kafka.common.acl.AclPermissionType;
import org.apache.kafka.common.resource.PatternType;
import org.apache.kafka.common.resource.ResourcePattern;
import org.apache.kafka.common.resource.ResourceType;
import org.awaitility.Awaitility;

/**
 * ACLs on a test broker, changed through a super user's admin client; each call returns once the broker's authorizer
 * has them.
 */
public final class BrokerAcls {
  private static final Duration TIMEOUT = Duration.ofSeconds(30);

  private final Admin admin;

  public BrokerAcls(Admin admin) {
    this.admin = requireNonNull(admin, "admin is null");
  }

  /** An ACL allowing {@code principal} {@code operation} on the resource with that literal name, from any host. */
  public static AclBinding allow(
      String principal, AclOperation operation, ResourceType type, String name) {
    return new AclBinding(
        new ResourcePattern(type, name, PatternType.LITERAL),
        new AccessControlEntry(principal, "*", operation, AclPermissionType.ALLOW));
  }

  public void grant(Collection<AclBinding> acls) {
    await(admin.createAcls(List.copyOf(acls)).all(), "create ACLs " + acls);
    Awaitility.await("the broker's authorizer holds " + acls)
        .atMost(TIMEOUT)
        .pollInterval(Duration.ofMillis(20))
        .until(() -> all().containsAll(acls));
  }

  public void revoke(Collection<AclBinding> acls) {
    List<AclBindingFilter> filters = acls.stream().map(AclBinding::toFilter).toList();
    await(admin.deleteAcls(filters).all(), "delete ACLs " + acls);
    Awaitility.await("the broker's authorizer no longer holds " + acls)
        .atMost(TIMEOUT)
        .pollInterval(Duration.ofMillis(20))
        .until(() -> all().stream().noneMatch(acls::contains));
  }

  /** Every ACL the broker holds: its authorizer answers, so this sees what requests are checked against. */
  public Collection<AclBinding> all() {
    return await(admin.describeAcls(AclBindingFilter.ANY).values(), "describe ACLs");
  }

  private static <T> T await(KafkaFuture<T> future, String what) {
    try {
      return future.get(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("Interrupted while waiting to " + what, e);
    } catch (ExecutionException | TimeoutException e) {
      throw new IllegalStateException("Cannot " + what + ": " + e, e);
    }
  }
}
