// The shape of an email address every form checks (SPEC section 5), in a module of its own: the
// forms that need only this do not carry the checkout's schema with it (issue 48).

/** x@y.z with no spaces and one @ (SPEC section 5). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
