#ifndef CAMPUS_CLDAP_SHIM_H
#define CAMPUS_CLDAP_SHIM_H

#define LDAP_DEPRECATED 0
#include <lber.h>
#include <ldap.h>
#include <ldif.h>

/// `LDAP_OPT_ON` is a pointer macro Swift cannot import.
static inline void *campus_ldap_opt_on(void) { return LDAP_OPT_ON; }
/// `LDAP_OPT_OFF` likewise.
static inline void *campus_ldap_opt_off(void) { return LDAP_OPT_OFF; }

#endif
