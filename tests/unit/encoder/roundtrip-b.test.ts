import { ROUND_TRIP_CASES, roundTripSuite } from './roundtrip.ts';

roundTripSuite(ROUND_TRIP_CASES / 2, ROUND_TRIP_CASES / 2);
