package io.mink.testkit.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mink.testkit.KafkaBroker;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.common.acl.AclBinding;
import org.apache.kafka.common.acl.AclOperation;
import org.apache.kafka.common.errors.TopicAuthorizationException;
import org.apache.kafka.common.resource.ResourceType;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class SecuredKafkaBrokerIT {
  static List<SecuredListeners> listeners() {
    return List.of(SecuredListeners.saslSsl(), SecuredListeners.mutualTls());
  }

  @ParameterizedTest
  @MethodSource("listeners")
  void minkSeesOnlyWhatItsAclsAllow(SecuredListeners security) throws Exception {
    try (KafkaBroker kafka = new KafkaBroker(security).start()) {
      kafka.createTopic("allowed", 1);
      kafka.createTopic("hidden", 1);
      AclBinding describe = BrokerAcls.allow(
          SecuredListeners.MINK_PRINCIPAL, AclOperation.DESCRIBE, ResourceType.TOPIC, "allowed");
      new BrokerAcls(kafka.admin()).grant(List.of(describe));

      Map<String, Object> mink = new HashMap<>(kafka.minkClientProperties());
      try (Admin admin = Admin.create(mink)) {
        assertThat(admin.listTopics().names().get(30, TimeUnit.SECONDS)).containsExactly("allowed");
        assertThatThrownBy(() ->
                admin.describeTopics(List.of("hidden")).allTopicNames().get(30, TimeUnit.SECONDS))
            .isInstanceOf(ExecutionException.class)
            .hasCauseInstanceOf(TopicAuthorizationException.class);
      }
      assertThat(kafka.minkClientProperties().get("bootstrap.servers"))
          .isNotEqualTo(kafka.bootstrapServers());
    }
  }
}
