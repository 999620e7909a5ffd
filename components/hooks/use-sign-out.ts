"use client";

import { signOut as endSession } from "next-auth/react";
import { useState } from "react";

/** Signs out (the server revokes the session row) and lands on the login page. */
export function useSignOut() {
  const [signingOut, setSigningOut] = useState(false);

  async function signOut() {
    setSigningOut(true);
    try {
      await endSession({ redirect: false });
    } finally {
      // eslint-disable-next-line @next/next/no-location-assign-relative-destination -- a full load after sign-out drops every cached client state
      window.location.assign("/login");
    }
  }

  return { signingOut, signOut };
}
