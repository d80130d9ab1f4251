#ifndef CAMPUS_CLDAP_SHIM_H
#define CAMPUS_CLDAP_SHIM_H

#define LDAP_DEPRECATED 0
#include <stdio.h>
#include <lber.h>
#include <ldap.h>
#include <ldif.h>

/// `LDAP_OPT_ON` is a pointer macro Swift cannot import.
static inline void *campus_ldap_opt_on(void) { return LDAP_OPT_ON; }
/// `LDAP_OPT_OFF` likewise.
static inline void *campus_ldap_opt_off(void) { return LDAP_OPT_OFF; }

/// Search scopes: casting macros Swift cannot import.
static inline int campus_ldap_scope_base(void) { return LDAP_SCOPE_BASE; }
static inline int campus_ldap_scope_one(void) { return LDAP_SCOPE_ONELEVEL; }
static inline int campus_ldap_scope_subtree(void) { return LDAP_SCOPE_SUBTREE; }

/// Message types `ldap_result` returns, likewise casting macros.
static inline int campus_ldap_res_search_entry(void) { return (int)LDAP_RES_SEARCH_ENTRY; }
static inline int campus_ldap_res_search_reference(void) { return (int)LDAP_RES_SEARCH_REFERENCE; }
static inline int campus_ldap_res_search_result(void) { return (int)LDAP_RES_SEARCH_RESULT; }

/// The operation of an LDIF record that adds an entry (content records parse as adds).
static inline ber_tag_t campus_ldap_req_add(void) { return LDAP_REQ_ADD; }

/// Where libldap's own log lines go instead of standard error: nowhere. Every
/// failure reaches us as a result code, which we explain in our own words.
static void campus_ldap_discard_log(const char *line) { (void)line; }
/// Sends libldap's and liblber's log lines to `campus_ldap_discard_log`.
static inline int campus_ldap_silence_log(void) {
    return ber_set_option(NULL, LBER_OPT_LOG_PRINT_FN, (const void *)campus_ldap_discard_log);
}

#endif
