package io.costbench.service.web;

import java.io.Serializable;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpSession;

/**
 * A page form an anonymous visitor submitted, kept in their session while they sign in, so the page can show it again
 * as typed. {@code path} is the page to go back to; {@code fields} the submitted values (first of each, CSRF token
 * left out). Bounded: a form with more fields or longer values than a page form has is not kept.
 */
public record PendingForm(String path, Map<String, String> fields) implements Serializable {

    static final String SESSION_KEY = PendingForm.class.getName();
    static final int MAX_FIELDS = 32;
    static final int MAX_VALUE_CHARS = 20_000;

    public PendingForm {
        fields = Map.copyOf(fields);
    }

    /** Keeps the request's form in its session to return to {@code path}; nothing kept when it is over the limits. */
    public static void keep(HttpServletRequest request, String path) {
        Map<String, String> fields = new LinkedHashMap<>();
        for (Map.Entry<String, String[]> entry : request.getParameterMap().entrySet()) {
            String value = entry.getValue().length == 0 ? "" : entry.getValue()[0];
            if (entry.getKey().equals("_csrf")) {
                continue;
            }
            if (fields.size() == MAX_FIELDS || value.length() > MAX_VALUE_CHARS) {
                return;
            }
            fields.put(entry.getKey(), value);
        }
        request.getSession().setAttribute(SESSION_KEY, new PendingForm(path, fields));
    }

    /** The page a kept form wants to return to, if any (it stays kept until its page takes it). */
    public static Optional<String> returnPath(HttpSession session) {
        return session == null ? Optional.empty() : Optional.ofNullable(session.getAttribute(SESSION_KEY))
                .filter(PendingForm.class::isInstance).map(form -> ((PendingForm) form).path());
    }

    /** The form kept for {@code path}, removed from the session. */
    public static Optional<PendingForm> take(HttpSession session, String path) {
        if (session == null || !(session.getAttribute(SESSION_KEY) instanceof PendingForm form)
                || !form.path().equals(path)) {
            return Optional.empty();
        }
        session.removeAttribute(SESSION_KEY);
        return Optional.of(form);
    }

    public String field(String name) {
        return fields.get(name);
    }
}
